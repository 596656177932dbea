import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/*
 * The registry changed: a remote registered, replaced by another version, switched on or off, or
 * removed. Every write of the registry goes through remote.repository.ts, which sends this in the
 * write's own transaction, so the message exists only if the write commits and arrives after it did:
 * every server LISTENing (the notice events' connection, notice-events.ts; PGlite delivers in process)
 * then tells the open tabs it streams to (registry-push.ts), which ask for the registry and their menus.
 */
export const REGISTRY_CHANNEL = 'uc_registry';

/** Tells every server, when the transaction commits, that the registry changed. */
export async function notifyRegistry(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${REGISTRY_CHANNEL}, 'remotes')`);
}
