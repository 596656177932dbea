import Fastify from 'fastify';
import { measureRoutes, RequestMetrics, RING_MINUTES } from './request-metrics';

const MINUTE = 60_000;
/** A clock the test moves: 2026-05-01T08:00:00Z to start with, at the start of a minute. */
function fakeClock() {
  let now = Date.UTC(2026, 4, 1, 8, 0, 0);
  return { now: () => now, advance: (ms: number) => (now += ms), at: () => new Date(now).toISOString() };
}

/** Within the histogram's resolution: a bucket's middle is at most 9 % from any value in it. */
const near = (seen: number | null, expected: number) => {
  expect(seen).not.toBeNull();
  expect(Math.abs(seen! - expected) / expected).toBeLessThanOrEqual(0.1);
};

describe('request metrics per minute', () => {
  it('counts each minute in its own slot, 4xx and 5xx apart, with its percentiles', () => {
    const clock = fakeClock();
    const m = new RequestMetrics(clock.now);
    const first = clock.at();
    for (let i = 0; i < 97; i++) m.record(200, 10);
    m.record(404, 10);
    m.record(503, 500);
    m.record(200, 500);
    clock.advance(MINUTE + 30_000);
    const second = new Date(Date.parse(first) + MINUTE).toISOString();
    for (let i = 0; i < 5; i++) m.record(200, 1);

    const minutes = m.minutes();
    expect(minutes).toHaveLength(RING_MINUTES);
    expect(minutes.at(-1)).toMatchObject({ at: second, requests: 5, clientErrors: 0, serverErrors: 0 });
    near(minutes.at(-1)!.p50, 1);
    expect(minutes.at(-2)).toMatchObject({ at: first, requests: 100, clientErrors: 1, serverErrors: 1 });
    near(minutes.at(-2)!.p50, 10);
    near(minutes.at(-2)!.p99, 500);
    // Every other minute of the hour is there, empty, each a minute after the one before.
    expect(minutes.slice(0, -2).every((x) => x.requests === 0 && x.p50 === null && x.p99 === null)).toBe(true);
    for (let i = 1; i < minutes.length; i++) expect(Date.parse(minutes[i]!.at) - Date.parse(minutes[i - 1]!.at)).toBe(MINUTE);

    const hour = m.hour();
    expect(hour).toMatchObject({ requests: 105, clientErrors: 1, serverErrors: 1 });
    near(hour.p50, 10);
  });

  it('forgets a minute once it is more than an hour old, and reuses its slot', () => {
    const clock = fakeClock();
    const m = new RequestMetrics(clock.now);
    m.record(500, 3);
    clock.advance(59 * MINUTE);
    // 59 minutes later the first minute is the oldest of the 60 shown.
    expect(m.minutes()[0]).toMatchObject({ requests: 1, serverErrors: 1 });
    expect(m.hour().requests).toBe(1);
    clock.advance(MINUTE);
    expect(m.minutes().every((x) => x.requests === 0)).toBe(true);
    expect(m.hour()).toEqual({ requests: 0, clientErrors: 0, serverErrors: 0, p50: null, p99: null });
    // The same slot (minute mod 60) now counts the new minute only.
    m.record(200, 7);
    expect(m.minutes().at(-1)).toMatchObject({ requests: 1, serverErrors: 0 });
    near(m.minutes().at(-1)!.p99, 7);
  });

  it('ranks routes by their p99 since start', () => {
    const m = new RequestMetrics();
    const fast = m.route('GET', '/fast');
    const slow = m.route('POST', '/slow');
    m.route('GET', '/unused');
    for (let i = 0; i < 50; i++) fast.add(2);
    slow.add(40);
    slow.add(80);
    expect(m.route('GET', '/fast')).toBe(fast);
    const ranked = m.slowest(10);
    expect(ranked.map((r) => r.path)).toEqual(['/slow', '/fast']);
    expect(ranked[0]).toMatchObject({ method: 'POST', calls: 2, meanMs: 60, maxMs: 80 });
    near(ranked[0]!.p99Ms, 80);
    expect(m.slowest(1)).toHaveLength(1);
  });

  it("never shows a route's p99 above its slowest call (the bucket's middle may lie above it)", () => {
    const m = new RequestMetrics();
    m.route('GET', '/once').add(87.32);
    expect(m.slowest(1)[0]).toMatchObject({ p99Ms: 87.32, maxMs: 87.32 });
  });
});

describe('measureRoutes', () => {
  it('measures the routes it is told to, with their status and time, and nothing else', async () => {
    const app = Fastify();
    const m = new RequestMetrics();
    measureRoutes(app, m, (method, url) => url.startsWith('/api/'));
    app.get('/api/ok', async () => ({ ok: true }));
    app.post('/api/refused', { onResponse: [(_req, _reply, done) => done()] }, async (_req, reply) => reply.code(422).send({ no: true }));
    app.get('/static', async () => 'file');
    await app.ready();
    await app.inject({ url: '/api/ok' });
    await app.inject({ url: '/api/ok' });
    await app.inject({ method: 'POST', url: '/api/refused' });
    await app.inject({ url: '/static' });
    await app.inject({ url: '/api/missing' });
    expect(m.hour()).toMatchObject({ requests: 3, clientErrors: 1, serverErrors: 0 });
    expect(
      m
        .slowest(10)
        .map((r) => `${r.method} ${r.path} ${r.calls}`)
        .sort(),
    ).toEqual(['GET /api/ok 2', 'POST /api/refused 1']);
    await app.close();
  });
});
