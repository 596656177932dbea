import { SLOW_STATEMENT_CHARS } from '@uc/contracts';
import { bySlowest, DurationStats } from '../lib/latency-histogram';

/*
 * The SQL statements this process sent and how long each took to answer, for the monitor's slowest
 * statements (issue 16): measured in the database client, as the server's own figure of its
 * database work (pg_stat_statements needs a preloaded extension, which neither PGlite nor a managed
 * PostgreSQL may have). Statements are told apart by their text, which drizzle writes with $1, $2…
 * for values, so one query of the code is one entry whatever its arguments. A few texts vary with
 * their data (an IN list's length): past MAX_STATEMENTS distinct texts, new ones are not kept, so
 * the memory is bounded, and the count of what was left out is told.
 */

/** Distinct statement texts kept (about 0.5 KB each). */
export const MAX_STATEMENTS = 2000;

export interface SlowStatement {
  sql: string;
  calls: number;
  meanMs: number;
  p99Ms: number;
  maxMs: number;
}

export class StatementTimings {
  private readonly byText = new Map<string, DurationStats>();
  /** Statements not kept because MAX_STATEMENTS texts were already known. */
  untracked = 0;
  /** Start-up (migrations, the seed) is not the server's work for its users: not measured. */
  paused = false;

  record(text: string, ms: number): void {
    if (this.paused) return;
    let stats = this.byText.get(text);
    if (!stats) {
      if (this.byText.size >= MAX_STATEMENTS) {
        this.untracked++;
        return;
      }
      stats = new DurationStats();
      this.byText.set(text, stats);
    }
    stats.add(ms);
  }

  /** The `limit` statements with the highest p99 since start (then the highest mean), their text cut. */
  slowest(limit: number): SlowStatement[] {
    return [...this.byText.entries()]
      .map(([text, stats]) => ({
        sql: text.length > SLOW_STATEMENT_CHARS ? `${text.slice(0, SLOW_STATEMENT_CHARS - 1)}…` : text,
        ...stats.figures(),
      }))
      .sort(bySlowest)
      .slice(0, limit);
  }

  /** Runs `fn` (start-up's migrations and seed) without measuring its statements. */
  async unmeasured<T>(fn: () => Promise<T>): Promise<T> {
    this.paused = true;
    try {
      return await fn();
    } finally {
      this.paused = false;
    }
  }
}

/** The text of a statement as node-postgres and PGlite take it: a string, or a config with `text`. */
function textOf(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : undefined;
}

type AnyQuery = (this: unknown, ...args: unknown[]) => unknown;

/**
 * `query` measured into `timings`: the time from sending the statement to its answer or error, for
 * both calling styles, a callback last (pg's pool) or a promise returned (drizzle on a client, PGlite).
 */
export function timedQuery<F extends (...args: never[]) => unknown>(measured: F, timings: StatementTimings): F {
  const query = measured as unknown as AnyQuery;
  return function (this: unknown, ...args: unknown[]) {
    const text = textOf(args[0]);
    if (text === undefined || timings.paused) return query.apply(this, args);
    const start = performance.now();
    const done = () => timings.record(text, performance.now() - start);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = function (this: unknown, ...results: unknown[]) {
        done();
        return (callback as (...a: unknown[]) => unknown).apply(this, results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    // Both outcomes are handled here, so this branch adds no unhandled rejection; the caller still
    // receives the original promise with its result or error.
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    return result;
  } as unknown as F;
}
