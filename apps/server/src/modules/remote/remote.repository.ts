import { asc, eq, sql } from 'drizzle-orm';
import type { RemoteEntry } from '@uc/contracts';
import type { Db } from '../../db/client';
import { remotes } from '../../db/schema';
import { remoteUpgradeEntry } from '../upgrade-log/remote-upgrade';
import { recordUpgrade, type UpgradeEntry } from '../upgrade-log/upgrade-log.service';
import { notifyRegistry } from './remote-events';

/**
 * A registry row as written: an addon registered by URL may declare no title or pages, nor the
 * shared-library ranges it was built against. The refusal is no part of it: it is worked out at each
 * read, against the console's versions then (registryEntries).
 */
export type RemoteRecord = Omit<RemoteEntry, 'title' | 'icon' | 'pages' | 'refused'> &
  Partial<Pick<RemoteEntry, 'title' | 'icon' | 'pages'>> & { shared?: Record<string, string> };

/** A registry row as read: the entry and the ranges it was built against. */
export type RemoteRow = Omit<RemoteEntry, 'refused'> & { shared: Record<string, string> };

/*
 * Where registry rows come from, told by their entry: a build found in WEB_DIR is served at
 * /user/web/remotes/<name>/<version>/, an installed addon at /user/web/remotes/addons/<name>/<version>/, and
 * anything else is a remote registered by URL.
 */
export const BUILD_ENTRY_PREFIX = '/user/web/remotes/';
export const ADDON_ENTRY_PREFIX = '/user/web/remotes/addons/';

/** A registry entry of a build found under WEB_DIR (an addon's entry sits under the same base, in addons/). */
export const isBuildEntry = (entry: string): boolean => entry.startsWith(BUILD_ENTRY_PREFIX) && !entry.startsWith(ADDON_ENTRY_PREFIX);

/** The registry entry of an installed addon version (its files in ADDONS_DIR, see modules/addon). */
export const addonEntry = (name: string, version: string): string => `${ADDON_ENTRY_PREFIX}${name}/${version}/mf-manifest.json`;

/** What the shell is told of a registry row. */
const entryColumns = {
  name: remotes.name,
  entry: remotes.entry,
  version: remotes.version,
  routes: remotes.routes,
  title: remotes.title,
  icon: remotes.icon,
  pages: remotes.pages,
  shared: remotes.shared,
};

/** The enabled remotes the shell should register, in sort order (registryEntries turns them into what the shell is told). */
export async function enabledRemotes(db: Db): Promise<RemoteRow[]> {
  return db.select(entryColumns).from(remotes).where(eq(remotes.enabled, true)).orderBy(asc(remotes.sort), asc(remotes.name));
}

/** Every registry row, enabled or not (clash checks of installs). */
export async function allRemotes(db: Db): Promise<(RemoteRow & { enabled: boolean })[]> {
  return db
    .select({ ...entryColumns, enabled: remotes.enabled })
    .from(remotes)
    .orderBy(asc(remotes.name));
}

/**
 * Records a remote's current build; an administrator's enabled flag and sort order are kept. A version
 * not registered before (a first install, a new build) gets its upgrade log entry, once per version:
 * the generic one, or `upgrade` when the caller has a better one (an addon's, with its changelog).
 * A row that changes tells every server (remote-events.ts), so open tabs learn of it at once.
 */
export async function upsertRemote(db: Db, input: RemoteRecord & { sort?: number }, upgrade?: (previous: string | undefined) => UpgradeEntry): Promise<void> {
  const r = { title: {}, icon: '', pages: [], shared: {}, ...input };
  const [previous] = await db
    .select({
      entry: remotes.entry,
      version: remotes.version,
      routes: remotes.routes,
      title: remotes.title,
      icon: remotes.icon,
      pages: remotes.pages,
      shared: remotes.shared,
    })
    .from(remotes)
    .where(eq(remotes.name, r.name));
  const row = { entry: r.entry, version: r.version, routes: r.routes, title: r.title, icon: r.icon, pages: r.pages, shared: r.shared };
  await db
    .insert(remotes)
    .values({ name: r.name, ...row, sort: r.sort ?? 0 })
    .onConflictDoUpdate({ target: remotes.name, set: { ...row, updatedAt: sql`now()` } });
  if (previous?.version !== r.version) await recordUpgrade(db, upgrade ? upgrade(previous?.version) : remoteUpgradeEntry(r, previous?.version));
  const now = row;
  if (!previous || canonical(previous) !== canonical(now)) await notifyRegistry(db);
}

/** JSON with object keys in one order (jsonb hands them back in its own). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

/** Takes a remote out of the registry (an uninstalled addon, a build that is gone); true when there was one. */
export async function removeRemote(db: Db, name: string): Promise<boolean> {
  const gone = await db.delete(remotes).where(eq(remotes.name, name)).returning({ name: remotes.name });
  if (gone.length > 0) await notifyRegistry(db);
  return gone.length > 0;
}

/** Switches a remote on or off (disabled: the registry leaves it out, and its menus lead nowhere); true when there is one. */
export async function setRemoteEnabled(db: Db, name: string, enabled: boolean): Promise<boolean> {
  const rows = await db
    .update(remotes)
    .set({ enabled, updatedAt: sql`now()` })
    .where(eq(remotes.name, name))
    .returning({ name: remotes.name });
  if (rows.length > 0) await notifyRegistry(db);
  return rows.length > 0;
}

/** The registry row of `name` (enabled or not), or undefined. */
export async function findRemote(db: Db, name: string): Promise<{ name: string; entry: string; version: string; enabled: boolean } | undefined> {
  const [row] = await db
    .select({ name: remotes.name, entry: remotes.entry, version: remotes.version, enabled: remotes.enabled })
    .from(remotes)
    .where(eq(remotes.name, name));
  return row;
}
