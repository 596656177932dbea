import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../../db/client';
import { AUTH_CHANNEL } from '../auth/auth-events';
import { REGISTRY_CHANNEL } from '../remote/remote-events';

/*
 * Who should look at their unread counts again, told to every server on the database.
 *
 * A write that changes someone's counts (publish, withdraw, delete, a read) sends pg_notify on
 * NOTICE_CHANNEL inside its own transaction, so the message exists only if the write commits and
 * arrives after it did: a stream that re-reads on it sees the change. PostgreSQL delivers it to every
 * server LISTENing (one connection per server, here); PGlite delivers it in process. The same
 * connection listens to AUTH_CHANNEL (the auth epochs of drizzle/0020), so a stream learns at once that
 * sessions of its tenant may have been revoked (or its grants and menus changed), and to REGISTRY_CHANNEL
 * (remote-events.ts): the remote registry changed.
 *
 * Payloads: '*' (every tenant), '<tenant>' (everyone in it), '<tenant>:<user>,<user>...' (those users).
 */
export const NOTICE_CHANNEL = 'uc_notice';

/** A payload must stay under PostgreSQL's 8000 bytes; past this the whole tenant is told instead. */
const MAX_PAYLOAD = 7000;
const RETRY_MS = 1_000;

export type NoticeAudience = { tenantId: '*' } | { tenantId: number; userIds?: readonly number[] };

export interface NoticeSignal {
  /** '*' for every tenant. */
  tenantId: number | '*';
  /** Absent: everyone in the tenant. */
  userIds?: ReadonlySet<number>;
}

/** Tells every server, when the transaction commits, that these users' counts may have changed. */
export async function notifyNotice(tx: Db, audience: NoticeAudience): Promise<void> {
  let payload = String(audience.tenantId);
  if (audience.tenantId !== '*' && audience.userIds) {
    if (audience.userIds.length === 0) return;
    const listed = `${audience.tenantId}:${audience.userIds.join(',')}`;
    if (listed.length <= MAX_PAYLOAD) payload = listed;
  }
  await tx.execute(sql`select pg_notify(${NOTICE_CHANNEL}, ${payload})`);
}

export function parseNoticePayload(payload: string | undefined): NoticeSignal | undefined {
  if (payload === '*') return { tenantId: '*' };
  const match = /^(\d+)(?::(\d+(?:,\d+)*))?$/.exec(payload ?? '');
  if (!match) return undefined;
  const tenantId = Number(match[1]);
  return match[2] ? { tenantId, userIds: new Set(match[2].split(',').map(Number)) } : { tenantId };
}

/**
 * The events of one server:
 * - 'notice' (NoticeSignal): counts may have changed for these users;
 * - 'auth' (tenant id, 0 for platform-wide, or null when unknown): sessions may have been revoked;
 * - 'registry': the remote registry changed (a redeploy, an addon installed, updated, rolled back,
 *   switched or uninstalled);
 * - 'resync': the listening connection was lost, so anything may have happened meanwhile.
 */
export class NoticeEvents extends EventEmitter {
  constructor() {
    super();
    // One listener per open stream: thousands are expected, not a leak.
    this.setMaxListeners(0);
  }

  onPayload(channel: string, payload: string | undefined): void {
    if (channel === NOTICE_CHANNEL) {
      const signal = parseNoticePayload(payload);
      this.emit(signal ? 'notice' : 'resync', signal);
    } else if (channel === AUTH_CHANNEL) {
      const match = /^(\d+):\d+$/.exec(payload ?? '');
      this.emit('auth', match ? Number(match[1]) : null);
    } else if (channel === REGISTRY_CHANNEL) {
      this.emit('registry');
    }
  }
}

/** Starts listening on the database; returns the events and the stopper. */
export async function listenNoticeEvents(database: Database, warn: (message: string) => void): Promise<{ events: NoticeEvents; stop: () => Promise<void> }> {
  const events = new NoticeEvents();
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const stops = [
      await client.listen(NOTICE_CHANNEL, (payload) => events.onPayload(NOTICE_CHANNEL, payload)),
      await client.listen(AUTH_CHANNEL, (payload) => events.onPayload(AUTH_CHANNEL, payload)),
      await client.listen(REGISTRY_CHANNEL, (payload) => events.onPayload(REGISTRY_CHANNEL, payload)),
    ];
    return {
      events,
      stop: async () => {
        // Closing the database first ends the listeners with it.
        if (!client.closed) for (const unlisten of stops) await unlisten();
      },
    };
  }

  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    // A session straight to PostgreSQL: through a transaction pooler LISTEN would hear nothing (db/pooler.ts).
    const next = database.sessionClient?.() ?? new pg.Client(pool.options);
    next.on('notification', (message) => events.onPayload(message.channel, message.payload));
    next.on('error', (err) => {
      warn(`The ${NOTICE_CHANNEL} listener lost its connection (${err.message}); reconnecting`);
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${NOTICE_CHANNEL}; LISTEN ${AUTH_CHANNEL}; LISTEN ${REGISTRY_CHANNEL}`);
    client = next;
  };
  const reconnect = (lost: pg.Client) => {
    if (stopped || client !== lost) return;
    client = undefined;
    void lost.end().catch(() => undefined);
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      connect()
        // Messages sent while no one listened are lost: every stream reads its counts and session again.
        .then(() => events.emit('resync'))
        .catch((err: Error) => {
          warn(`The ${NOTICE_CHANNEL} listener cannot connect (${err.message}); trying again in ${RETRY_MS} ms`);
          retry = setTimeout(attempt, RETRY_MS);
          retry.unref();
        });
    };
    retry = setTimeout(attempt, RETRY_MS);
    retry.unref();
  };
  await connect();
  return {
    events,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
