import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '@uc/contracts';
import { QueryOwner, runAsQueryOwner } from '../db/client';
import { AppError } from './errors';

/*
 * Overload: past what the database can serve, waiting requests only make every answer slower (one
 * overloaded run left 28 statements running and a page-1 request waiting 45 s). But a burst is not
 * overload: a console page sends several calls at once, a handful of administrators click at once, a
 * script fires a hundred writes. The line between the two is a latency budget, not a queue length:
 * - at most `concurrency` calls use the database at once (each holds a connection while it runs),
 * - a call that finds every slot taken waits, first come first served, if its expected wait is within
 *   `budgetMs`: the expected wait is what the calls ahead of it still need, from their routes' recent
 *   service times (an EWMA of how long each route's calls held a slot), divided by `concurrency`.
 *   So a burst of fast calls waits its turn however many there are, and the same count of slow ones
 *   (sign-ins hash a password) is refused sooner. A call over the budget is answered 503 at once, with
 *   Retry-After saying when the queue ahead of it will have drained.
 * - two backstops for when the estimate is wrong: at most `queue` calls wait at once (memory), and
 *   none waits longer than `maxWaitMs` (a stalled database: the estimate learns only when calls end).
 * - a call whose client goes away leaves the queue, or has its running statements cancelled.
 * Under standing overload the queue holds about `budgetMs` of work, so a served call waits about the
 * budget: a smaller budget sheds more and serves faster (bench/overload.ts measures both).
 * The route registrar takes a slot only for the part of a call that goes to the database: an answer
 * served from memory (a perCaller memo) and the console's files never wait behind database work,
 * and do not pay for the bookkeeping (it halved member/info's throughput, bench/api-throughput.ts).
 */

export const BUSY_MESSAGE = 'The server is busy with other requests right now: please try again in a moment';

/** Retry-After is at least 1 s and at most this (a longer wait is better said by a later answer). */
const MAX_RETRY_AFTER_SECONDS = 60;

/** 503 with Retry-After: the request was not started, the client may send it again after that many seconds. */
export class ServerBusy extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterMs: number) {
    super(503, ResultCode.error, BUSY_MESSAGE);
    this.retryAfterSeconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }
}

/** How long calls hold a slot, learnt from the calls that ended (the guard's estimator; tests inject one). */
export interface ServiceTimes {
  /** Expected time (ms) a call of `route` holds its slot; 0 while nothing was measured. */
  expected(route: string): number;
  /** A call of `route` held its slot for `ms`. */
  record(route: string, ms: number): void;
}

/**
 * An exponentially weighted moving average per route (a route's first call sets it), and one over
 * every call for a route not measured yet. Routes are the registered ones, so the map stays small.
 */
export function ewmaServiceTimes(weight = 0.2): ServiceTimes {
  const byRoute = new Map<string, number>();
  let overall: number | undefined;
  const mix = (old: number | undefined, ms: number) => (old === undefined ? ms : old + weight * (ms - old));
  return {
    expected: (route) => byRoute.get(route) ?? overall ?? 0,
    record(route, ms) {
      byRoute.set(route, mix(byRoute.get(route), ms));
      overall = mix(overall, ms);
    },
  };
}

export interface OverloadOptions {
  concurrency: number;
  /** The latency budget: a call whose expected wait for a slot is longer is answered 503 at once (0: no call waits). */
  budgetMs: number;
  /** Most calls waiting at once whatever their expected wait (a memory bound, not the shedding rule). */
  queue: number;
  /** Longest a call admitted to the queue waits before its 503 (the estimate was wrong: a stall). */
  maxWaitMs: number;
  /** The clock that times each call's slot (tests). */
  now?(): number;
  /** The service-time estimator (default: ewmaServiceTimes()). */
  serviceTimes?: ServiceTimes;
  /**
   * Cancels the statements of a call whose client disconnected before its answer
   * (Database.cancelQueries). Without it (PGlite: nothing is ever left running) calls are not
   * tracked per connection, which spares every promise the cost of an async context.
   */
  cancel?(owner: QueryOwner): Promise<unknown>;
}

export interface OverloadGuard {
  readonly running: number;
  readonly waiting: number;
  /** The wait (ms) a call arriving now is expected to have before it gets a slot. */
  readonly expectedWaitMs: number;
  /** Runs `work` (a call's database part) in a slot, after waiting for one; or throws ServerBusy. */
  run<T>(req: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T>;
}

interface Waiter {
  /** Its route's expected service time when it arrived. */
  expectedMs: number;
  settle(busy: ServerBusy | undefined): void;
}

export function createOverloadGuard(options: OverloadOptions): OverloadGuard {
  const { concurrency, budgetMs, queue, maxWaitMs, cancel } = options;
  const now = options.now ?? (() => performance.now());
  const times = options.serviceTimes ?? ewmaServiceTimes();
  let running = 0;
  // Sums of the expected service times of the running calls and of the waiting ones.
  let runningWork = 0;
  let waitingWork = 0;
  // Oldest first.
  const waiting: Waiter[] = [];

  /**
   * What the calls ahead of a newcomer still need, shared by the slots: all of the waiting ones' work
   * and, on average, half of the running ones' (they are part done).
   */
  const expectedWait = () => (running < concurrency ? 0 : (waitingWork + runningWork / 2) / concurrency);

  const start = (expectedMs: number) => {
    running += 1;
    runningWork += expectedMs;
  };
  const release = (expectedMs: number) => {
    running -= 1;
    runningWork = running === 0 ? 0 : runningWork - expectedMs;
    const next = waiting.shift();
    if (!next) return;
    waitingWork = waiting.length === 0 ? 0 : waitingWork - next.expectedMs;
    start(next.expectedMs);
    next.settle(undefined);
  };

  /** Resolves undefined with a slot taken, or the refusal (wait over the budget, queue full, wait ran out, client left). */
  const acquire = (reply: FastifyReply, expectedMs: number): Promise<ServerBusy | undefined> => {
    if (running < concurrency) {
      start(expectedMs);
      // The slot is taken now; the work starts on the next turn of the event loop. PGlite answers a
      // request within one chain of promises, never waiting on I/O, so work started at once would run
      // to its end before the next socket is even read: requests would queue unseen (and unestimated)
      // in the kernel. Deferred, every request that arrived meanwhile meets this guard first.
      return new Promise((resolve) => setImmediate(() => resolve(undefined)));
    }
    const wait = expectedWait();
    // A budget of 0 lets no call wait, even before any service time is known.
    if (wait > budgetMs || budgetMs === 0 || waiting.length >= queue) return Promise.resolve(new ServerBusy(wait));
    return new Promise((resolve) => {
      const waiter: Waiter = {
        expectedMs,
        settle(busy) {
          clearTimeout(timer);
          reply.raw.off('close', leave);
          resolve(busy);
        },
      };
      const give = () => {
        const i = waiting.indexOf(waiter);
        if (i >= 0) waiting.splice(i, 1);
        waitingWork = waiting.length === 0 ? 0 : waitingWork - expectedMs;
        waiter.settle(new ServerBusy(expectedWait()));
      };
      const leave = () => {
        if (!reply.raw.writableFinished) give();
      };
      const timer = setTimeout(give, maxWaitMs);
      reply.raw.once('close', leave);
      waiting.push(waiter);
      waitingWork += expectedMs;
    });
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    get expectedWaitMs() {
      return expectedWait();
    },
    async run(req, reply, work) {
      const route = `${req.method} ${req.routeOptions.url ?? ''}`;
      const expectedMs = times.expected(route);
      const busy = await acquire(reply, expectedMs);
      if (busy) throw busy;
      const began = now();
      const done = () => {
        times.record(route, now() - began);
        release(expectedMs);
      };
      if (!cancel) {
        try {
          return await work();
        } finally {
          done();
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
        done();
      }
    },
  };
}
