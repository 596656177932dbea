import { and, eq, inArray, notInArray } from 'drizzle-orm';
import {
  ADDON_DIST_DIR,
  ADDON_MANIFEST_FILE,
  addonManifestSchema,
  addonPermissions,
  addonRoutes,
  areaOf,
  consoleClashes,
  menuType,
  type AddonManifest,
} from '@uc/contracts';
import type { Db } from '../../db/client';
import { addonMenus as addonMenuLinks, menus } from '../../db/schema';
import { ADDON_ENTRY_PREFIX, allRemotes } from '../remote/remote.repository';
import { installedManifests } from './addon.repository';
import { sharedMismatches, type SharedVersions } from './shared-versions';
import { PackageRefused } from './tar-reader';

/*
 * What an addon package must be before anything of it is installed: a manifest the contract accepts,
 * naming the version asked for, a built remote, and nothing that takes what the console or another
 * addon already has (a name, a route, a menu path, a permission string) or needs libraries the
 * console does not run. Each refusal says what clashes and how to fix it.
 */

export const NO_MANIFEST = 'The package has no uc-addon.json at its root: build it with the addon kit, which writes the manifest';
export const BAD_MANIFEST = 'The manifest uc-addon.json is invalid ({problem}): fix it and build the addon again';
export const WRONG_PACKAGE = 'The package holds {found}, not {expected} as the catalogue says: the catalogue entry points at the wrong package';
export const NO_REMOTE = 'The package has no dist/mf-manifest.json: build the addon (pnpm build) before packing it';
export const NO_SCREENSHOT = 'The manifest lists the screenshot {file}, which is not in the package: add the file or remove it from the manifest';
export const NAME_TAKEN = 'The name {name} belongs to the console itself (one of its remotes or areas): rename the addon';
export const ROUTE_CLASH = 'The route {route} of this addon overlaps the route {other} of {owner}: give the addon routes of its own';
export const ROUTE_OF_CONSOLE =
  'The route {route} of this addon lies in {area}, an area of the console itself: put its pages under an address of its own, such as /{name}';
export const PAGE_OUTSIDE_ROUTES = 'The page {path} lies outside the addon routes ({routes}): list its prefix in routes or move the page';
export const MENU_CLASH =
  'The console menu already has an entry at {path} that is not this addon: give the addon pages of its own, or delete that entry in 菜单管理';
export const PERMISSION_OF_CONSOLE = 'The addon grants {permission}, an API address of the console itself: an addon may grant only its own addresses';
export const PERMISSION_CLASH = 'The addon grants {permission}, which the addon {owner} grants already: use addresses of its own';
export const SHARED_MISMATCH =
  'The addon was built against {library} {range}, but the console runs {library} {version}: build it again with the console versions (the addon kit does)';

const overlaps = (a: string, b: string): boolean => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

export const BAD_MANIFEST_AT = 'The manifest uc-addon.json is invalid at {path}: {problem}; fix it and build the addon again';
const NOT_JSON = 'not JSON';

/** The manifest of an unpacked package, checked against the contract and the version asked for. */
export function manifestOf(files: ReadonlyMap<string, Buffer>, expected: { name: string; version: string }): AddonManifest {
  const raw = files.get(ADDON_MANIFEST_FILE);
  if (!raw) throw new PackageRefused(NO_MANIFEST);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new PackageRefused(BAD_MANIFEST, { problem: NOT_JSON });
  }
  const parsed = addonManifestSchema.safeParse(json);
  if (!parsed.success) {
    // The first problem, its message (the contract's: a message of the catalogue) in the reader's language.
    const issue = parsed.error.issues[0];
    throw new PackageRefused(BAD_MANIFEST_AT, { path: issue?.path.map(String).join('.') || ADDON_MANIFEST_FILE, problem: issue?.message ?? '' });
  }
  const m = parsed.data;
  if (m.name !== expected.name || m.version !== expected.version)
    throw new PackageRefused(WRONG_PACKAGE, { found: `${m.name}@${m.version}`, expected: `${expected.name}@${expected.version}` });
  if (!files.has(`${ADDON_DIST_DIR}/mf-manifest.json`)) throw new PackageRefused(NO_REMOTE);
  for (const file of m.screenshots ?? []) if (!files.has(file)) throw new PackageRefused(NO_SCREENSHOT, { file });
  return m;
}

export interface ConsoleState {
  /** Names of the console's own remotes (builds in WEB_DIR), registered or not yet. */
  builtRemotes: readonly string[];
  sharedVersions: SharedVersions;
}

/** Refuses a manifest that takes what is not free, or that the console cannot run. */
export async function checkFits(db: Db, m: AddonManifest, console: ConsoleState): Promise<void> {
  const registry = await allRemotes(db);
  const mine = (r: { name: string; entry: string }) => r.name === m.name && r.entry.startsWith(ADDON_ENTRY_PREFIX);
  // What it takes of the console itself, whatever is deployed: the rules the addon kit applies at build time.
  const ofConsole = consoleClashes(m);
  if (ofConsole.some((c) => c.kind === 'name') || console.builtRemotes.includes(m.name) || registry.some((r) => r.name === m.name && !mine(r)))
    throw new PackageRefused(NAME_TAKEN, { name: m.name });

  const routes = addonRoutes(m);
  for (const page of m.pages) {
    if (!routes.some((r) => page.path === r || page.path.startsWith(`${r}/`)))
      throw new PackageRefused(PAGE_OUTSIDE_ROUTES, { path: page.path, routes: routes.join(', ') });
  }
  for (const route of routes) {
    // A deployed remote first: the message names it and its route.
    for (const other of registry) {
      if (mine(other)) continue;
      const hit = other.routes.find((r) => overlaps(route, r)) ?? other.pages.map((p) => p.path).find((p) => overlaps(route, p));
      if (hit) throw new PackageRefused(ROUTE_CLASH, { route, other: hit, owner: other.name });
    }
    const area = ofConsole.find((c) => c.kind === 'route' && c.route === route);
    if (area?.kind === 'route') throw new PackageRefused(ROUTE_OF_CONSOLE, { route, area: area.area, name: m.name });
  }

  // Menu entries at its paths that are not its own (the seeded catalogue, an administrator's).
  const paths = [...new Set([...m.pages.map((p) => areaOf(p.path)), ...m.pages.map((p) => p.path)])];
  const [clash] = await db
    .select({ path: menus.path })
    .from(menus)
    .where(
      and(
        inArray(menus.path, paths),
        inArray(menus.type, [menuType.directory, menuType.menu]),
        notInArray(menus.id, db.select({ id: addonMenuLinks.menuId }).from(addonMenuLinks).where(eq(addonMenuLinks.name, m.name))),
      ),
    )
    .limit(1);
  if (clash) throw new PackageRefused(MENU_CLASH, { path: clash.path });

  const granted = addonPermissions(m);
  const own = ofConsole.find((c) => c.kind === 'permission');
  if (own?.kind === 'permission') throw new PackageRefused(PERMISSION_OF_CONSOLE, { permission: own.permission });
  for (const other of await installedManifests(db, m.name)) {
    const theirs = new Set(addonPermissions(other));
    const taken = granted.find((p) => theirs.has(p));
    if (taken) throw new PackageRefused(PERMISSION_CLASH, { permission: taken, owner: other.name });
  }

  const [mismatch] = sharedMismatches(m.shared, console.sharedVersions);
  if (mismatch) throw new PackageRefused(SHARED_MISMATCH, { library: mismatch.library, range: mismatch.range, version: mismatch.version });
}
