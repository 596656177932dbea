/*
 * Latency histograms of a fixed 400 bytes, for the server's own measurements (the monitor's API calls,
 * modules/dashboard/request-metrics.ts, and SQL statements, db/statement-timings.ts). The buckets grow
 * geometrically (four per doubling), so any percentile is known within 10 % at any scale, from
 * microseconds to minutes, and recording a duration is one increment.
 */

/** The smallest time told apart (ms); anything faster falls in the first bucket. */
const FLOOR_MS = 0.01;
const PER_DOUBLING = 4;
/** 0.01 ms × 2^(95/4): about 140 s; slower calls share the last bucket. */
export const LATENCY_BUCKETS = 96;

/** The bucket of a duration: bucket i holds (FLOOR × 2^((i-1)/4), FLOOR × 2^(i/4)]. */
export function bucketOf(ms: number): number {
  if (!(ms > FLOOR_MS)) return 0;
  const i = Math.ceil(Math.log2(ms / FLOOR_MS) * PER_DOUBLING);
  return i < LATENCY_BUCKETS ? i : LATENCY_BUCKETS - 1;
}

/** What a bucket stands for: the geometric middle of its bounds (at most 9 % from any value in it). */
const bucketValue = (i: number): number => (i === 0 ? FLOOR_MS : FLOOR_MS * 2 ** ((i - 0.5) / PER_DOUBLING));

/** The p-th percentile (0 < p ≤ 100) of the histograms' durations together, in ms; null when they hold none. */
export function percentileOf(histograms: readonly Uint32Array[], p: number): number | null {
  let total = 0;
  for (const h of histograms) for (let i = 0; i < LATENCY_BUCKETS; i++) total += h[i]!;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (let i = 0; i < LATENCY_BUCKETS; i++) {
    for (const h of histograms) seen += h[i]!;
    if (seen >= rank) return roundMs(bucketValue(i));
  }
  return roundMs(bucketValue(LATENCY_BUCKETS - 1));
}

/** Four significant digits: more than the histogram knows, and short in JSON. */
export const roundMs = (ms: number): number => Number(ms.toPrecision(4));

/** Durations of one thing (an API route, a SQL statement) since the process started. */
export class DurationStats {
  calls = 0;
  totalMs = 0;
  maxMs = 0;
  readonly latency = new Uint32Array(LATENCY_BUCKETS);

  add(ms: number): void {
    this.calls++;
    this.totalMs += ms;
    if (ms > this.maxMs) this.maxMs = ms;
    this.latency[bucketOf(ms)]!++;
  }

  figures(): { calls: number; meanMs: number; p99Ms: number; maxMs: number } {
    return {
      calls: this.calls,
      meanMs: roundMs(this.totalMs / this.calls),
      // A bucket's value may lie above the slowest duration in it: the p99 is never shown above the max.
      p99Ms: Math.min(percentileOf([this.latency], 99) ?? 0, roundMs(this.maxMs)),
      maxMs: roundMs(this.maxMs),
    };
  }
}

/** Slowest first: by p99, then by mean. */
export const bySlowest = (a: { p99Ms: number; meanMs: number }, b: { p99Ms: number; meanMs: number }): number => b.p99Ms - a.p99Ms || b.meanMs - a.meanMs;
