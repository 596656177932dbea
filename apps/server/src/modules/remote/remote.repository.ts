import { asc, eq, sql } from 'drizzle-orm';
import type { RemoteEntry } from '@uc/shared/contracts';

/** A registry row as written: an addon registered by URL may declare no title or pages. */
export type RemoteRecord = Omit<RemoteEntry, 'title' | 'icon' | 'pages'> & Partial<Pick<RemoteEntry, 'title' | 'icon' | 'pages'>>;
import type { Db } from '../../db/client';
import { remotes } from '../../db/schema';
import { remoteUpgradeEntry } from '../upgrade-log/remote-upgrade';
import { recordUpgrade } from '../upgrade-log/upgrade-log.service';

/** The enabled remotes the shell should register, in sort order. */
export async function enabledRemotes(db: Db): Promise<RemoteEntry[]> {
  return db
    .select({
      name: remotes.name,
      entry: remotes.entry,
      version: remotes.version,
      routes: remotes.routes,
      title: remotes.title,
      icon: remotes.icon,
      pages: remotes.pages,
    })
    .from(remotes)
    .where(eq(remotes.enabled, true))
    .orderBy(asc(remotes.sort), asc(remotes.name));
}

/**
 * Records a remote's current build; an administrator's enabled flag and sort order are kept. A version
 * not registered before (a first install, a new build) gets its upgrade log entry, once per version.
 */
export async function upsertRemote(db: Db, input: RemoteRecord & { sort?: number }): Promise<void> {
  const r = { title: {}, icon: '', pages: [], ...input };
  const [previous] = await db.select({ version: remotes.version }).from(remotes).where(eq(remotes.name, r.name));
  await db
    .insert(remotes)
    .values({ name: r.name, entry: r.entry, version: r.version, routes: r.routes, title: r.title, icon: r.icon, pages: r.pages, sort: r.sort ?? 0 })
    .onConflictDoUpdate({
      target: remotes.name,
      set: { entry: r.entry, version: r.version, routes: r.routes, title: r.title, icon: r.icon, pages: r.pages, updatedAt: sql`now()` },
    });
  if (previous?.version !== r.version) await recordUpgrade(db, remoteUpgradeEntry(r, previous?.version));
}
