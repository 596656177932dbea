import Fastify, { type FastifyInstance } from 'fastify';
import type { QueryOwner } from '../db/client';
import { createTestApp } from '../test/test-app';
import { installErrorHandling } from './error-handler';
import { BUSY_MESSAGE, createOverloadGuard, ewmaServiceTimes, type OverloadGuard, type OverloadOptions, type ServiceTimes } from './overload';

/** Every route takes `ms` (tests of the queue's arithmetic, not of the estimate). */
const fixed = (ms: number): ServiceTimes => ({ expected: () => ms, record: () => undefined });

/**
 * A bare app whose /api/slow and /api/fast answer when the test opens their gate (`?n=` names it;
 * openAll opens every one); /static/file is not limited.
 */
function gatedApp(options: Partial<OverloadOptions> & { concurrency: number }) {
  const app: FastifyInstance = Fastify({ logger: false });
  installErrorHandling(app);
  const cancelled: QueryOwner[] = [];
  const state: OverloadGuard = createOverloadGuard({
    budgetMs: 60_000,
    queue: 1000,
    maxWaitMs: 60_000,
    serviceTimes: fixed(0),
    cancel: (owner) => {
      cancelled.push(owner);
      return Promise.resolve(0);
    },
    ...options,
  });
  const gates = new Map<string, { promise: Promise<void>; open(): void }>();
  const gate = (n: string) => {
    let entry = gates.get(n);
    if (!entry) {
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      entry = { promise, open };
      gates.set(n, entry);
    }
    return entry;
  };
  let all = false;
  let started = 0;
  const order: string[] = [];
  const handler = (req: Parameters<OverloadGuard['run']>[0], reply: Parameters<OverloadGuard['run']>[1]) =>
    state.run(req, reply, async () => {
      const n = (req.query as { n?: string }).n ?? '';
      started += 1;
      order.push(n);
      if (!all) await gate(n).promise;
      return { ok: true };
    });
  app.get('/api/slow', handler);
  app.get('/api/fast', handler);
  app.get('/static/file', async () => 'file');
  return {
    app,
    state,
    open: (n: string) => gate(n).open(),
    openAll: () => {
      all = true;
      for (const g of gates.values()) g.open();
    },
    started: () => started,
    cancelled,
    order,
  };
}

/** Lets the event loop run until `check` holds (the injected requests pass their hooks). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setImmediate(r));
  expect(check()).toBe(true);
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('the service-time estimate', () => {
  it('is an EWMA per route, set by its first call; a route not measured yet takes the EWMA of all calls', () => {
    const times = ewmaServiceTimes(0.2);
    expect(times.expected('GET /a')).toBe(0);
    times.record('GET /a', 100);
    expect(times.expected('GET /a')).toBe(100);
    times.record('GET /a', 200);
    expect(times.expected('GET /a')).toBeCloseTo(120);
    times.record('GET /b', 10);
    expect(times.expected('GET /b')).toBe(10);
    // All calls: 100, then 120, then 120 + 0.2 x (10 - 120).
    expect(times.expected('GET /c')).toBeCloseTo(98);
  });
});

describe('overload guard', () => {
  it('serves every request whose expected wait is within the budget, first come first served', async () => {
    const { app, state, openAll, started, order } = gatedApp({ concurrency: 2, budgetMs: 1000, serviceTimes: fixed(10) });
    const answers = Array.from({ length: 5 }, (_, i) => app.inject({ method: 'GET', url: `/api/slow?n=${i}` }));
    await until(() => state.running === 2 && state.waiting === 3 && started() === 2);
    // Three waiting (30 ms) and two running (half of 20 ms left), over two slots.
    expect(state.expectedWaitMs).toBe(20);
    openAll();
    expect((await Promise.all(answers)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(order).toEqual(['0', '1', '2', '3', '4']);
    expect(state).toMatchObject({ running: 0, waiting: 0, expectedWaitMs: 0 });
    await app.close();
  });

  it('answers 503 at once, with the envelope and a Retry-After from the queue, when the expected wait passes the budget', async () => {
    // Calls of 400 ms, two slots, a budget of 1 s: the sixth waiter would wait (5 x 400 + 400) / 2 = 1200 ms.
    const { app, state, openAll } = gatedApp({ concurrency: 2, budgetMs: 1000, serviceTimes: fixed(400) });
    const answers = Array.from({ length: 9 }, (_, i) => app.inject({ method: 'GET', url: `/api/slow?n=${i}` }));
    await until(() => state.running === 2 && state.waiting === 5);
    expect(state.expectedWaitMs).toBe(1200);
    // The two past the budget are answered while the first seven are still held at their gates.
    const early = await Promise.all(answers.slice(7));
    for (const res of early) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({ code: -1, message: BUSY_MESSAGE, data: null });
    }
    // Files are never held back by the API's load.
    expect((await app.inject({ method: 'GET', url: '/static/file' })).statusCode).toBe(200);
    openAll();
    expect(tally((await Promise.all(answers.slice(0, 7))).map((r) => r.statusCode))).toEqual({ 200: 7 });
    expect(state).toMatchObject({ running: 0, waiting: 0 });
    await app.close();
  });

  it("learns each route's service time from the calls that ended (injected clock): many quick calls wait, a slow one is refused", async () => {
    const clock = { now: 0 };
    const { app, state, open, openAll, started } = gatedApp({ concurrency: 1, budgetMs: 1000, now: () => clock.now, serviceTimes: ewmaServiceTimes() });
    const send = (route: 'slow' | 'fast', n: string) => app.inject({ method: 'GET', url: `/api/${route}?n=${n}` });
    // One slow call of 500 ms and one fast call of 10 ms, by the test's clock.
    const slow = send('slow', 's0');
    await until(() => started() === 1);
    clock.now = 500;
    open('s0');
    expect((await slow).statusCode).toBe(200);
    const fast = send('fast', 'f0');
    await until(() => started() === 2);
    clock.now = 510;
    open('f0');
    expect((await fast).statusCode).toBe(200);
    // A slow call holds the slot (half of its 500 ms still to go, on average). Seventy fast calls wait
    // behind it (250 + 70 x 10 = 950 ms), a slow one fits too, the next slow one would wait 1450 ms.
    const held = send('slow', 'held');
    await until(() => state.running === 1);
    const burst = Array.from({ length: 70 }, (_, i) => send('fast', `b${i}`));
    await until(() => state.waiting === 70);
    expect(state.expectedWaitMs).toBe(950);
    const fits = send('slow', 'fits');
    await until(() => state.waiting === 71);
    const refused = await send('slow', 'refused');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    openAll();
    expect(tally((await Promise.all([held, ...burst, fits])).map((r) => r.statusCode))).toEqual({ 200: 72 });
    await app.close();
  });

  it('with a budget of 0, lets no call wait, even before any service time is known', async () => {
    const { app, state, openAll } = gatedApp({ concurrency: 1, budgetMs: 0, serviceTimes: fixed(0) });
    const held = app.inject({ method: 'GET', url: '/api/slow' });
    await until(() => state.running === 1);
    const refused = await app.inject({ method: 'GET', url: '/api/slow' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    openAll();
    expect((await held).statusCode).toBe(200);
    await app.close();
  });

  it('answers 503 at once past the queue bound, whatever the expected wait', async () => {
    const { app, state, openAll } = gatedApp({ concurrency: 1, queue: 2 });
    const answers = Array.from({ length: 4 }, (_, i) => app.inject({ method: 'GET', url: `/api/slow?n=${i}` }));
    await until(() => state.running === 1 && state.waiting === 2);
    const last = await answers[3]!;
    expect(last.statusCode).toBe(503);
    expect(last.headers['retry-after']).toBe('1');
    openAll();
    expect((await Promise.all(answers.slice(0, 3))).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await app.close();
  });

  it('cancels the statements of a request whose client disconnects, and frees its slot when they stop', async () => {
    const { app, state, openAll, cancelled } = gatedApp({ concurrency: 1, queue: 1 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const gone = new AbortController();
    const leaving = fetch(`http://127.0.0.1:${port}/api/slow`, { signal: gone.signal }).catch(() => 'aborted');
    await until(() => state.running === 1);
    gone.abort();
    expect(await leaving).toBe('aborted');
    await until(() => cancelled.length === 1);
    // The cancelled statements end the work (here: the gate), and with it the slot.
    openAll();
    await until(() => state.running === 0);
    expect((await fetch(`http://127.0.0.1:${port}/api/slow`)).status).toBe(200);
    await app.close();
  });

  it('answers 503 with Retry-After to a request that waited its longest for a slot (the backstop for a stall)', async () => {
    const { app, state, openAll } = gatedApp({ concurrency: 1, maxWaitMs: 20 });
    const held = app.inject({ method: 'GET', url: '/api/slow' });
    await until(() => state.running === 1);
    // The slot stays held; the waiting request is answered anyway once its wait is up.
    const waited = await app.inject({ method: 'GET', url: '/api/slow' });
    expect(waited.statusCode).toBe(503);
    expect(waited.headers['retry-after']).toBe('1');
    expect(state).toMatchObject({ running: 1, waiting: 0 });
    openAll();
    expect((await held).statusCode).toBe(200);
    await app.close();
  });
});

describe('overload guard in the server', () => {
  it('limits API calls, answering 503 with Retry-After, the envelope and the security headers, and never the console files', async () => {
    const t = await createTestApp({ env: { REQUEST_CONCURRENCY: '1', REQUEST_QUEUE: '0' } });
    try {
      const token = await t.login();
      const info = () => t.app.inject({ method: 'GET', url: '/user/admin/member/info', headers: { authorization: token } });
      const answers = await Promise.all([info(), info(), info()]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 503, 503]);
      const busy = answers[1]!;
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.headers['content-security-policy']).toBeDefined();
      expect(busy.json()).toEqual({ code: -1, message: BUSY_MESSAGE, data: null });
      // The console's files are not limited: the icon font's answer (a 404 for a name it does not have).
      const files = await Promise.all([info(), t.app.inject({ method: 'GET', url: '/user/web/iconfont/missing.woff2' })]);
      expect(files.map((r) => r.statusCode)).toEqual([200, 404]);
    } finally {
      await t.close();
    }
  });
});
