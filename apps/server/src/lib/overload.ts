import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '@uc/shared/contracts';
import { QueryOwner, runAsQueryOwner } from '../db/client';
import { fail } from './envelope';

/*
 * Overload: past what the database can serve, waiting requests only make every answer slower (one
 * overloaded run left 28 statements running and a page-1 request waiting 45 s). So:
 * - at most `concurrency` API requests run at once (each holds a database connection while it runs),
 * - at most `queue` more wait for a slot, first come first served, and none longer than `maxWaitMs`:
 *   the count alone would let the wait grow with how slow each request has become,
 * - any further request answers 503 with Retry-After at once (a waiting one when its time is up),
 * - a request whose client goes away leaves the queue, or has its running statement cancelled.
 * Static files and anything `limits` does not pick pass untouched.
 */

export const BUSY_MESSAGE = 'The server is busy with other requests right now: please try again in a moment';

export interface OverloadOptions {
  concurrency: number;
  queue: number;
  /** Longest a request waits for a slot before it is answered 503. */
  maxWaitMs: number;
  /** Whether a request reaches the database and so takes a slot (the API calls). */
  limits(req: FastifyRequest): boolean;
  /** Cancels the statements of a request whose client disconnected before its answer (Database.cancelQueries). */
  cancel(owner: QueryOwner): Promise<unknown>;
  retryAfterSeconds?: number;
}

export interface OverloadState {
  readonly running: number;
  readonly waiting: number;
}

/** Registers the guard as an onRequest hook (early: hooks after it do not run for a refused request); returns its live counts. */
export function registerOverloadGuard(app: FastifyInstance, options: OverloadOptions): OverloadState {
  const { concurrency, queue } = options;
  const retryAfter = String(options.retryAfterSeconds ?? 1);
  let running = 0;
  // A Set keeps insertion order (first in, first served) and drops a leaver in O(1).
  const waiting = new Set<() => void>();
  const finishOf = new WeakMap<FastifyRequest, () => void>();

  const startNext = () => {
    const next = waiting.values().next();
    if (next.done) return;
    waiting.delete(next.value);
    next.value();
  };

  app.addHook('onRequest', (req, reply, done) => {
    if (!options.limits(req)) return done();
    const refuse = () => void reply.code(503).header('Retry-After', retryAfter).send(fail(ResultCode.error, BUSY_MESSAGE));
    if (running >= concurrency && waiting.size >= queue) return refuse();
    const owner = new QueryOwner();
    let state: 'waiting' | 'running' | 'finished' = 'waiting';
    const immediate = running < concurrency;
    // A waiting request is answered 503 once its longest wait is up, whether or not a slot frees.
    const timer = immediate
      ? undefined
      : setTimeout(() => {
          if (state !== 'waiting') return;
          finish();
          refuse();
        }, options.maxWaitMs);
    const start = () => {
      clearTimeout(timer);
      state = 'running';
      running += 1;
      // The slot is taken now; the handler starts on the next turn of the event loop. PGlite answers a
      // request within one chain of promises, never waiting on I/O, so a handler started at once would
      // run to its end before the next socket is even read: requests would queue unseen (and unrefused)
      // in the kernel. Deferred, every request that arrived meanwhile passes this hook first.
      setImmediate(() => {
        // The handler and every statement it sends run as this request's, so they can be cancelled.
        if (state === 'running') runAsQueryOwner(owner, () => done());
      });
    };
    const finish = () => {
      if (state === 'running') {
        running -= 1;
        startNext();
      } else if (state === 'waiting') {
        clearTimeout(timer);
        waiting.delete(start);
      }
      state = 'finished';
    };
    finishOf.set(req, finish);
    reply.raw.once('close', () => {
      // Closed before the whole answer went out: the client is gone, nobody will read the result.
      if (state === 'running' && !reply.raw.writableFinished) {
        options.cancel(owner).catch((err: unknown) => req.log.warn({ err }, 'could not cancel the statements of a disconnected request'));
      }
      finish();
    });
    if (immediate) start();
    else waiting.add(start);
  });
  // The answer is out: the slot goes to the next request (also where 'close' is not emitted, as under inject).
  app.addHook('onResponse', (req, _reply, done) => {
    finishOf.get(req)?.();
    done();
  });

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.size;
    },
  };
}
