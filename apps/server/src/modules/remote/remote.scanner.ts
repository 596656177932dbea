import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ADDON_MANIFEST_FILE, localizedTitleSchema, remotePageSchema, type RemotePage } from '@uc/contracts';
import { sharedMismatches, type SharedVersions } from '../addon/shared-versions';
import { buildComplete } from './remote-versions';

/** What a remote's build writes next to its mf-manifest.json (dist/uc-remote.json). */
export const remoteBuildInfoSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, 'name must be lower-case letters, digits and dashes'),
  version: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'version must be letters, digits, dots and dashes'),
  routes: z.array(z.string().startsWith('/')).max(50),
  // Declared in the remote's package.json ("ucRemote"); a build made before declarations has none.
  title: localizedTitleSchema.default({}),
  icon: z.string().max(64).default(''),
  pages: z.array(remotePageSchema).max(50).default([]),
  /** The shared-library ranges it was built against, when the build says (the addon kit writes them). */
  shared: z.record(z.string(), z.string()).optional(),
});

export interface LocalRemote {
  name: string;
  version: string;
  routes: string[];
  title: Record<string, string>;
  icon: string;
  pages: RemotePage[];
  /** The shared-library ranges it was built against (library -> range); the registry refuses it when the console's strict singletons do not satisfy them. */
  shared: Record<string, string>;
  /** The dist directory served at /user/web/remotes/<name>/<version>/. */
  dir: string;
}

export const localEntry = (r: { name: string; version: string }): string => `/user/web/remotes/${r.name}/${r.version}/mf-manifest.json`;

/**
 * The ranges a build was made against: uc-remote.json `shared`, else the addon manifest the kit writes
 * beside it (dist/uc-addon.json), else mf-manifest.json's requiredVersion of each shared module.
 */
function builtAgainst(dir: string, declared: Record<string, string> | undefined): Record<string, string> {
  if (declared) return declared;
  try {
    const manifest = JSON.parse(readFileSync(join(dir, ADDON_MANIFEST_FILE), 'utf8')) as { shared?: unknown };
    const shared = z.record(z.string(), z.string()).safeParse(manifest.shared);
    if (shared.success) return shared.data;
  } catch {
    // No addon manifest (a build made before the kit): the federation manifest below says.
  }
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')) as { shared?: { name?: unknown; requiredVersion?: unknown }[] };
    const out: Record<string, string> = {};
    for (const s of manifest.shared ?? []) if (typeof s.name === 'string' && typeof s.requiredVersion === 'string') out[s.name] = s.requiredVersion;
    return out;
  } catch {
    return {};
  }
}

/**
 * Finds the built remotes: WEB_DIR/<app>/dist/uc-remote.json. A broken file, a name two builds
 * claim, a build without its mf-manifest.json and a build made against a strict singleton's version the
 * console does not run are reported (`warn`); only the first two keep a build out of the registry (the
 * last is registered with the ranges it was built against, and its registry entry says why the shell
 * will not load it).
 * A build whose manifest names files that are not there yet (being written or copied in) is left out
 * and told to `incomplete`, without a warning: it is looked at again.
 */
export function scanRemotes(
  webDir: string,
  warn: (message: string) => void,
  versions?: SharedVersions,
  incomplete: (dir: string) => void = () => undefined,
): LocalRemote[] {
  if (!existsSync(webDir)) return [];
  const found: LocalRemote[] = [];
  const dirOf = new Map<string, string>();
  for (const entry of readdirSync(webDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const dir = join(webDir, entry.name, 'dist');
    const file = join(dir, 'uc-remote.json');
    if (!existsSync(file)) continue;
    let info: z.output<typeof remoteBuildInfoSchema>;
    try {
      info = remoteBuildInfoSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch (err) {
      warn(`Skipping remote build ${file}: ${err instanceof Error ? err.message : String(err)}; rebuild that app`);
      continue;
    }
    const first = dirOf.get(info.name);
    if (first !== undefined) {
      warn(`Skipping remote build ${file}: the build in ${first} has the name "${info.name}" already; give each remote its own name`);
      continue;
    }
    const hasManifest = existsSync(join(dir, 'mf-manifest.json'));
    if (hasManifest && !buildComplete(dir)) {
      incomplete(dir);
      continue;
    }
    dirOf.set(info.name, dir);
    if (!hasManifest) warn(`Remote build ${dir} has no mf-manifest.json: the console cannot load "${info.name}"; rebuild that app`);
    const shared = builtAgainst(dir, info.shared);
    if (versions) {
      for (const m of sharedMismatches(shared, versions))
        warn(
          `Remote "${info.name}" ${info.version} was built against ${m.library} ${m.range} but the console runs ${m.library} ${m.version}: the console refuses it (its registry entry says why); rebuild it against the console's versions`,
        );
    }
    found.push({ name: info.name, version: info.version, routes: info.routes, title: info.title, icon: info.icon, pages: info.pages, shared, dir });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
