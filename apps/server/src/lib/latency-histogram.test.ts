import { bucketOf, LATENCY_BUCKETS, percentileOf } from './latency-histogram';

/** Within the histogram's resolution: a bucket's middle is at most 9 % from any value in it. */
const near = (seen: number | null, expected: number) => {
  expect(seen).not.toBeNull();
  expect(Math.abs(seen! - expected) / expected).toBeLessThanOrEqual(0.1);
};

describe('latency histogram', () => {
  it('puts every duration in a bucket whose value is within 10 % of it, from microseconds to minutes', () => {
    let previous = -1;
    for (let ms = 0.011; ms < 120_000; ms *= 1.037) {
      const bucket = bucketOf(ms);
      expect(bucket).toBeGreaterThanOrEqual(previous);
      previous = bucket;
      const h = new Uint32Array(LATENCY_BUCKETS);
      h[bucket] = 1;
      near(percentileOf([h], 50), ms);
    }
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(Number.NaN)).toBe(0);
    expect(bucketOf(10 * 60_000)).toBe(LATENCY_BUCKETS - 1);
  });

  it('finds p50 and p99 by rank: 98 fast calls and 2 slow ones', () => {
    const h = new Uint32Array(LATENCY_BUCKETS);
    for (let i = 0; i < 98; i++) h[bucketOf(10)]!++;
    for (let i = 0; i < 2; i++) h[bucketOf(500)]!++;
    near(percentileOf([h], 50), 10);
    // The 99th of 100 sorted durations is the first slow one.
    near(percentileOf([h], 99), 500);
    near(percentileOf([h], 98), 10);
    expect(percentileOf([new Uint32Array(LATENCY_BUCKETS)], 50)).toBeNull();
  });
});
