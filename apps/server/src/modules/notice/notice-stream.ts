import type { FastifyInstance } from 'fastify';
import { NOTICE_STREAM_EVENTS, NOTICE_STREAM_PATH, NOTICE_STREAM_TOKEN_PARAM, ResultCode, Status, type UnreadCount } from '@uc/contracts';
import type { Db } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { withTenant } from '../../db/tenant-scope';
import { requireSession } from '../auth/access';
import { licenceRefusal } from '../auth/licence';
import { findLiveSession, type SessionPolicy } from '../auth/session.repository';
import { hashToken, tokenFrom } from '../auth/token';
import { watchRegistry, type RegistryChange } from '../remote/registry-push';
import type { NoticeEvents, NoticeSignal } from './notice-events';
import { unreadCounts } from './notice.repository';

/** A comment line this often keeps proxies and browsers from dropping a quiet connection. */
export const HEARTBEAT_MS = 25_000;
/** How soon a browser reconnects after the connection drops (a server restart, a network change). */
const RECONNECT_MS = 5_000;
/** Signals for a whole tenant (or all) reach every open stream there: spread the re-reads over this long. */
const SPREAD_MS = 1_000;
const PERSONAL_MS = 20;
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface NoticeStreamOptions {
  /** The system connection: the route finds the session itself and opens the caller's tenant scope. */
  db: Db;
  sessions: SessionPolicy;
  events: NoticeEvents;
  heartbeatMs?: number;
  /** How long a registry signal's reads are spread over (registry-push.ts). */
  registrySpreadMs?: number;
  /** The clock of the stream's timers: re-reads after a signal, the heartbeat, the session's expiry (tests move one by hand). */
  clock?: Clock;
}

/**
 * GET NOTICE_STREAM_PATH: Server-Sent Events with the caller's unread counts (see notice.contract.ts).
 *
 * The counts are sent at once, then again whenever a notice signal (notice-events.ts) names the caller,
 * their tenant or everyone and the counts read in the caller's tenant scope differ from the last ones
 * sent. They count only the kinds the caller wants (notice.repository.ts), and a change of the
 * switches signals the caller too (profile/notice-preferences.ts). The session is checked again on every auth signal of its tenant, at every heartbeat and when
 * it is due to expire, without extending it (an open tab is not activity); once it is revoked or
 * expired, or the user disabled or the tenant's licence ended, the stream sends `end` and closes.
 * The token may come in the query (EventSource sends no headers): on this address only.
 *
 * The same stream carries `registry` events (registry-push.ts): the remote registry or the caller's
 * menus changed, so the console asks for them again without a navigation.
 */
export function registerNoticeStream(
  app: FastifyInstance,
  { db, sessions, events, heartbeatMs = HEARTBEAT_MS, registrySpreadMs, clock = systemClock }: NoticeStreamOptions,
): void {
  const open = new Set<() => void>();
  // Streams never finish by themselves: close them so the server can (clients reconnect elsewhere).
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.get(NOTICE_STREAM_PATH, { config: { api: true } }, async (req, reply) => {
    const fromQuery = (req.query as Record<string, unknown> | undefined)?.[NOTICE_STREAM_TOKEN_PARAM];
    const token = tokenFrom(req.headers.authorization) ?? (typeof fromQuery === 'string' ? tokenFrom(fromQuery) : null);
    const session = await requireSession(db, token, sessions);
    const tokenHash = hashToken(token!);
    const reader = { tenantId: session.tenantId, userId: session.userId, platform: session.tenantIsPlatform };
    const read = () => withTenant(db, session.tenantId, (tx) => unreadCounts(tx, reader));
    let last = JSON.stringify(await read());

    reply.hijack();
    const res = reply.raw;
    // The client may have gone while the counts were read: its 'close' has passed, nothing would end the stream.
    if (res.destroyed || req.raw.destroyed) return;
    const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string>;
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies would otherwise hold the events back in their buffers.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write(`retry: ${RECONNECT_MS}\nevent: ${NOTICE_STREAM_EVENTS.unread}\ndata: ${last}\n\n`);

    let closed = false;
    const stopRegistry = watchRegistry({
      db,
      session,
      events,
      spreadMs: registrySpreadMs,
      send: (changed: RegistryChange) => {
        if (!closed) res.write(`event: ${NOTICE_STREAM_EVENTS.registry}\ndata: ${JSON.stringify({ changed })}\n\n`);
      },
      warn: (err, message) => req.log.warn({ err }, message),
    });
    const never = () => undefined;
    /** Cancels the re-read due at `dueAt`; `never` when none is due. */
    let pending: () => void = never;
    let dueAt = 0;
    let expiry: () => void = never;
    let heartbeat: () => void = never;
    let reading = false;
    let readAgain = false;

    const cleanup = () => {
      if (closed) return;
      closed = true;
      pending();
      expiry();
      heartbeat();
      events.off('notice', onNotice);
      events.off('auth', onAuth);
      events.off('resync', onResync);
      stopRegistry();
      open.delete(shutdown);
    };
    const shutdown = () => {
      cleanup();
      res.end();
    };
    /** The session is over: say so (the console then shows its sign-in dialog), then close. */
    const end = () => {
      if (closed) return;
      res.write(`event: ${NOTICE_STREAM_EVENTS.end}\ndata: ${JSON.stringify({ code: ResultCode.loginTimeout })}\n\n`);
      shutdown();
    };

    const refresh = async () => {
      pending = never;
      if (closed) return;
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        const text = JSON.stringify((await read()) satisfies UnreadCount);
        if (!closed && text !== last) {
          last = text;
          res.write(`event: ${NOTICE_STREAM_EVENTS.unread}\ndata: ${text}\n\n`);
        }
      } catch (err) {
        req.log.warn({ err }, 'the notice stream could not read the unread counts');
      } finally {
        reading = false;
        if (readAgain) {
          readAgain = false;
          schedule(PERSONAL_MS);
        }
      }
    };
    /** Reads the counts in `delayMs`, or sooner when a read is already due sooner. */
    const schedule = (delayMs: number) => {
      if (closed || (pending !== never && dueAt <= clock.now() + delayMs)) return;
      pending();
      dueAt = clock.now() + delayMs;
      pending = clock.after(delayMs, () => void refresh());
    };
    const spread = () => Math.floor(Math.random() * SPREAD_MS);

    /** Ends the stream unless its session is still live; re-arms the expiry timer when it is. */
    const check = async () => {
      if (closed) return;
      try {
        // Read without touching: keeping a tab open must not extend a sliding session.
        const row = await findLiveSession(db, tokenHash);
        // Closed while the session was read: no timer may outlive the stream.
        if (closed) return;
        if (!row || row.sessionId !== session.sessionId || row.userStatus !== Status.enabled || licenceRefusal(row)) return end();
        const until = Math.min(row.expiresAt.getTime(), row.tenantExpiresAt?.getTime() ?? Infinity) - row.dbNow.getTime();
        expiry();
        expiry = clock.after(Math.min(Math.max(until, 0) + 100, MAX_TIMER_MS), () => void check());
      } catch (err) {
        req.log.warn({ err }, 'the notice stream could not check its session');
      }
    };

    const onNotice = (signal: NoticeSignal) => {
      if (signal.tenantId === '*') schedule(spread());
      else if (signal.tenantId === reader.tenantId) {
        if (!signal.userIds) schedule(spread());
        else if (signal.userIds.has(reader.userId)) schedule(PERSONAL_MS);
      }
    };
    // Tenant 0 is the platform-wide epoch; null an unreadable payload: either may concern this session.
    const onAuth = (tenantId: number | null) => {
      if (tenantId === null || tenantId === 0 || tenantId === reader.tenantId) void check();
    };
    const onResync = () => {
      schedule(spread());
      void check();
    };
    // The open socket keeps the process alive, not the timers of a stream (the clock's never do).
    const beat = () => {
      heartbeat = clock.after(heartbeatMs, () => {
        if (closed) return;
        res.write(': ping\n\n');
        void check();
        beat();
      });
    };
    beat();

    events.on('notice', onNotice);
    events.on('auth', onAuth);
    events.on('resync', onResync);
    open.add(shutdown);
    res.on('close', cleanup);
    await check();
  });
}
