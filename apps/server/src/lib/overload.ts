import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '@uc/shared/contracts';
import { QueryOwner, runAsQueryOwner } from '../db/client';
import { AppError } from './errors';

/*
 * Overload: past what the database can serve, waiting requests only make every answer slower (one
 * overloaded run left 28 statements running and a page-1 request waiting 45 s). So:
 * - at most `concurrency` calls use the database at once (each holds a connection while it runs),
 * - at most `queue` more wait for a slot, first come first served, and none longer than `maxWaitMs`:
 *   the count alone would let the wait grow with how slow each request has become,
 * - any further call answers 503 with Retry-After at once (a waiting one when its time is up),
 * - a call whose client goes away leaves the queue, or has its running statements cancelled.
 * - a queue that has not been empty for `standingMs` is not a burst but overload (CoDel, as in
 *   "Fail at Scale", ACM Queue 2015): then a request waits at most `overloadWaitMs`, the newest waiter
 *   is served first (it is the one whose client is still there and whose answer is still useful), and
 *   the old ones are refused. A burst (a page's several calls) still waits up to `maxWaitMs`, FIFO;
 *   under standing overload the calls that are served stay fast instead of each waiting out the queue.
 * The route registrar takes a slot only for the part of a call that goes to the database: an answer
 * served from memory (a perCaller memo) and the console's files never wait behind database work,
 * and do not pay for the bookkeeping (it halved member/info's throughput, bench/api-throughput.ts).
 */

export const BUSY_MESSAGE = 'The server is busy with other requests right now: please try again in a moment';

/** 503 with Retry-After: the request was not started, the client may send it again shortly. */
export class ServerBusy extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, ResultCode.error, BUSY_MESSAGE);
  }
}

export interface OverloadOptions {
  concurrency: number;
  queue: number;
  /** Longest a request waits for a slot before it is answered 503. */
  maxWaitMs: number;
  /** A queue not empty for this long is overload, not a burst (default 100 ms). */
  standingMs?: number;
  /** Longest wait while overloaded (default 10 ms): waiting longer only makes the answer later. */
  overloadWaitMs?: number;
  /** The clock (tests). */
  now?(): number;
  /**
   * Cancels the statements of a call whose client disconnected before its answer
   * (Database.cancelQueries). Without it (PGlite: nothing is ever left running) calls are not
   * tracked per connection, which spares every promise the cost of an async context.
   */
  cancel?(owner: QueryOwner): Promise<unknown>;
  retryAfterSeconds?: number;
}

export interface OverloadGuard {
  readonly running: number;
  readonly waiting: number;
  /** Runs `work` (a call's database part) in a slot, after waiting for one; or throws ServerBusy. */
  run<T>(req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T>;
}

interface Waiter {
  since: number;
  settle(started: boolean): void;
}

export function createOverloadGuard(options: OverloadOptions): OverloadGuard {
  const { concurrency, queue, maxWaitMs, cancel } = options;
  const retryAfter = options.retryAfterSeconds ?? 1;
  const standingMs = options.standingMs ?? 100;
  const overloadWaitMs = options.overloadWaitMs ?? 10;
  const now = options.now ?? (() => performance.now());
  let running = 0;
  // Oldest first; at most `queue` long, so the linear scans below stay short.
  const waiting: Waiter[] = [];
  // When the queue was last empty because the slots kept up with the requests (not because the
  // guard refused the waiters: that is the overload itself, and must not look like a quiet moment).
  let lastEmpty = now();
  let shedSinceDrained = false;

  const overloaded = (at: number) => at - lastEmpty > standingMs;
  const drained = (at: number) => {
    lastEmpty = at;
    shedSinceDrained = false;
  };
  const remove = (waiter: Waiter) => {
    const i = waiting.indexOf(waiter);
    if (i >= 0) waiting.splice(i, 1);
  };
  /** Under standing overload, refuses the waiters that have waited past overloadWaitMs. */
  const shed = (at: number) => {
    if (!overloaded(at)) return;
    while (waiting.length > 0 && at - waiting[0]!.since > overloadWaitMs) {
      waiting.shift()!.settle(false);
      shedSinceDrained = true;
    }
  };

  const release = () => {
    running -= 1;
    const at = now();
    shed(at);
    if (waiting.length === 0) return drained(at);
    // A burst is served in order; standing overload serves the newest (see above).
    const next = overloaded(at) ? waiting.pop()! : waiting.shift()!;
    if (waiting.length === 0) drained(at);
    running += 1;
    next.settle(true);
  };

  /** Resolves true with a slot taken, false when the wait ran out or the client left. */
  const acquire = (reply: FastifyReply): Promise<boolean> => {
    if (running < concurrency) {
      running += 1;
      drained(now());
      // The slot is taken now; the work starts on the next turn of the event loop. PGlite answers a
      // request within one chain of promises, never waiting on I/O, so work started at once would run
      // to its end before the next socket is even read: requests would queue unseen (and unrefused) in
      // the kernel. Deferred, every request that arrived meanwhile meets this guard first.
      return new Promise((resolve) => setImmediate(() => resolve(true)));
    }
    const at = now();
    shed(at);
    if (waiting.length >= queue) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        since: at,
        settle(started) {
          clearTimeout(timer);
          reply.raw.off('close', leave);
          resolve(started);
        },
      };
      const give = () => {
        remove(waiter);
        waiter.settle(false);
      };
      const leave = () => {
        if (!reply.raw.writableFinished) give();
      };
      // A waiting request is answered 503 once its longest wait is up, whether or not a slot frees.
      const timer = setTimeout(give, maxWaitMs);
      reply.raw.once('close', leave);
      if (waiting.length === 0 && !shedSinceDrained) lastEmpty = at;
      waiting.push(waiter);
    });
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run(req, reply, work) {
      if (!(await acquire(reply))) throw new ServerBusy(retryAfter);
      if (!cancel) {
        try {
          return await work();
        } finally {
          release();
        }
      }
      const owner = new QueryOwner();
      // Closed before the whole answer went out: the client is gone, nobody will read the result.
      const gone = () => {
        if (!reply.raw.writableFinished)
          cancel(owner).catch((err: unknown) => req.log.warn({ err }, 'could not cancel the statements of a disconnected request'));
      };
      reply.raw.once('close', gone);
      try {
        // The work and every statement it sends run as this request's, so they can be cancelled.
        return await runAsQueryOwner(owner, work);
      } finally {
        reply.raw.off('close', gone);
        release();
      }
    },
  };
}
