import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Answers 200 while the process serves at all (a liveness probe: restart the server when it does not). */
export const LIVE_PATH = '/livez';
/** Answers 200 while the server takes new requests, 503 once it is shutting down (a balancer's health check). */
export const READY_PATH = '/readyz';

export interface ReadinessOptions {
  /** SHUTDOWN_UNREADY_CHECKS: the balancer's fall count; each checker gets one answer more (config/server.ts). */
  unreadyChecks: number;
  /** SHUTDOWN_DRAIN_MS: the longest drain() waits, and how recent a check must be for its checker to count. */
  drainMs: number;
  now?: () => number;
}

export interface Readiness {
  readonly draining: boolean;
  /**
   * Turns the server unready and resolves once every balancer that checked it recently has seen that
   * (SHUTDOWN_UNREADY_CHECKS answers of 503 and one more, so it has taken in the last), or after
   * SHUTDOWN_DRAIN_MS; at once when no balancer checks it. Meanwhile the server serves as before,
   * but closes each connection after its answer, so none is left idle for a request to race its close.
   */
  drain(): Promise<void>;
}

/*
 * Neither probe reads the database: a balancer that took every server out while PostgreSQL is slow or
 * down would turn a slow console into no console, and a full pool would fail the probe of a server
 * that is only busy. Readiness says one thing: whether this process takes new work (it listens only
 * once migrations, seed and the app are ready, and turns unready on SIGTERM, main.ts). They are not
 * API calls: no session, no overload slot, no envelope.
 */
export function registerReadiness(app: FastifyInstance, { unreadyChecks, drainMs, now = Date.now }: ReadinessOptions): Readiness {
  let draining = false;
  /** When each checker (by address: a balancer's checks come from new ports each time) last asked. */
  const askedAt = new Map<string, number>();
  /** Once draining: how many 503s each checker that counts has been given. */
  const unreadyAnswers = new Map<string, number>();
  let drained: (() => void) | undefined;

  const needed = unreadyChecks + 1;
  const settled = () => [...unreadyAnswers.values()].every((n) => n >= needed);

  app.get(LIVE_PATH, { logLevel: 'warn' }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'live' };
  });
  app.get(READY_PATH, { logLevel: 'warn' }, async (req, reply) => {
    const checker = req.socket.remoteAddress ?? 'unknown';
    reply.header('cache-control', 'no-store');
    if (!draining) {
      askedAt.set(checker, now());
      return { status: 'ready' };
    }
    const seen = unreadyAnswers.get(checker);
    if (seen !== undefined) {
      unreadyAnswers.set(checker, seen + 1);
      if (drained && settled()) drained();
    }
    reply.code(503);
    return { status: 'draining' };
  });

  return {
    get draining() {
      return draining;
    },
    drain() {
      if (draining) return Promise.resolve();
      draining = true;
      // From now on every answer closes its connection (Node sends Connection: close): the balancer opens
      // a new one for its next request, which, once it has taken the server out, goes to another server.
      const closeAfterAnswer = (_req: IncomingMessage, res: ServerResponse) => {
        res.shouldKeepAlive = false;
      };
      app.server.prependListener('request', closeAfterAnswer);
      const since = now() - drainMs;
      for (const [checker, at] of askedAt) if (at >= since) unreadyAnswers.set(checker, 0);
      if (drainMs === 0 || unreadyAnswers.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => finish(), drainMs);
        const finish = () => {
          clearTimeout(timer);
          drained = undefined;
          resolve();
        };
        drained = finish;
      });
    },
  };
}
