import { asc, eq, sql } from 'drizzle-orm';
import type { RemoteEntry } from '@uc/shared/contracts';
import type { Db } from '../../db/client';
import { remotes } from '../../db/schema';

/** The enabled remotes the shell should register, in sort order. */
export async function enabledRemotes(db: Db): Promise<RemoteEntry[]> {
  return db
    .select({ name: remotes.name, entry: remotes.entry, version: remotes.version, routes: remotes.routes })
    .from(remotes)
    .where(eq(remotes.enabled, true))
    .orderBy(asc(remotes.sort), asc(remotes.name));
}

/** Records a remote's current build; an administrator's enabled flag and sort order are kept. */
export async function upsertRemote(db: Db, r: RemoteEntry & { sort?: number }): Promise<void> {
  await db
    .insert(remotes)
    .values({ name: r.name, entry: r.entry, version: r.version, routes: r.routes, sort: r.sort ?? 0 })
    .onConflictDoUpdate({
      target: remotes.name,
      set: { entry: r.entry, version: r.version, routes: r.routes, updatedAt: sql`now()` },
    });
}
