import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client';
import type { AuthCache } from './auth-cache';

/** The channel drizzle/0020's triggers notify, with 'tenant:epoch' (tenant 0: platform-wide) as payload. */
export const AUTH_CHANNEL = 'uc_auth';

const RETRY_MS = 1_000;

/**
 * Drops cached entries as soon as a transaction (on any server) commits a revocation.
 *
 * - PostgreSQL: LISTEN on a dedicated connection. The early path only: each request still compares
 *   epochs it reads (route-registrar.ts), so a notification still in flight, a lost connection or a
 *   missed message costs a re-read, never a stale answer.
 * - PGlite: its in-process listen, whose callbacks are queued while the committing statement's answer
 *   is parsed, so they run before that commit returns to the code that made it, hence before its
 *   response leaves (inProcessExact: the registrar may then skip its own epoch read).
 *
 * Returns the stopper.
 */
export async function listenAuthEvents(database: Database, cache: AuthCache, warn: (message: string) => void): Promise<() => Promise<void>> {
  const onPayload = (payload: string | undefined) => {
    const match = /^(\d+):(\d+)$/.exec(payload ?? '');
    if (match) cache.noteEpoch(Number(match[1]), BigInt(match[2]!));
    else cache.clear();
  };
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const unlisten = await client.listen(AUTH_CHANNEL, onPayload);
    return async () => {
      // Closing the database first ends the listener with it.
      if (!client.closed) await unlisten();
    };
  }

  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    // A session straight to PostgreSQL: through a transaction pooler LISTEN would hear nothing (db/pooler.ts).
    const next = database.sessionClient?.() ?? new pg.Client(pool.options);
    next.on('notification', (message) => onPayload(message.payload));
    next.on('error', (err) => {
      warn(`The ${AUTH_CHANNEL} listener lost its connection (${err.message}); reconnecting`);
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${AUTH_CHANNEL}`);
    client = next;
    // Anything committed while no one listened is unknown: start from nothing.
    cache.clear();
  };
  const reconnect = (lost: pg.Client) => {
    if (stopped || client !== lost) return;
    client = undefined;
    cache.clear();
    void lost.end().catch(() => undefined);
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      connect().catch((err: Error) => {
        warn(`The ${AUTH_CHANNEL} listener cannot connect (${err.message}); trying again in ${RETRY_MS} ms`);
        retry = setTimeout(attempt, RETRY_MS);
        retry.unref();
      });
    };
    retry = setTimeout(attempt, RETRY_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
