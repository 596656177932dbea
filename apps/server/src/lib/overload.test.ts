import Fastify, { type FastifyInstance } from 'fastify';
import type { QueryOwner } from '../db/client';
import { createTestApp } from '../test/test-app';
import { installErrorHandling } from './error-handler';
import { BUSY_MESSAGE, createOverloadGuard, type OverloadGuard } from './overload';

/** A bare app whose /api/slow answers when the test opens the gate; /static/file is not limited. */
function gatedApp(concurrency: number, queue: number, maxWaitMs = 60_000, clock?: { now: number }) {
  const app: FastifyInstance = Fastify({ logger: false });
  installErrorHandling(app);
  const cancelled: QueryOwner[] = [];
  const state: OverloadGuard = createOverloadGuard({
    concurrency,
    queue,
    maxWaitMs,
    // Without a test clock, standing overload never sets in (it would on a busy machine, whose slow turns
    // keep the queue from draining for 100 ms): those tests are about the bounds, not about CoDel.
    ...(clock ? { now: () => clock.now, standingMs: 100, overloadWaitMs: 10 } : { standingMs: 600_000 }),
    cancel: (owner) => {
      cancelled.push(owner);
      return Promise.resolve(0);
    },
  });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let started = 0;
  const order: string[] = [];
  app.get('/api/slow', (req, reply) =>
    state.run(req, reply, async () => {
      started += 1;
      order.push((req.query as { n?: string }).n ?? '');
      await gate;
      return { ok: true };
    }),
  );
  app.get('/static/file', async () => 'file');
  return { app, state, open: () => open(), started: () => started, cancelled, order };
}

/** Lets the event loop run until `check` holds (the injected requests pass their hooks). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setImmediate(r));
  expect(check()).toBe(true);
}

describe('overload guard', () => {
  it('serves every request when they fit in the slots and the queue', async () => {
    const { app, state, open, started } = gatedApp(2, 3);
    const answers = Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/slow' }));
    await until(() => state.running === 2 && state.waiting === 3 && started() === 2);
    open();
    const statuses = (await Promise.all(answers)).map((r) => r.statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(state).toMatchObject({ running: 0, waiting: 0 });
    await app.close();
  });

  it('answers 503 with Retry-After and the envelope at once past the queue, and still serves the rest', async () => {
    const { app, state, open } = gatedApp(2, 3);
    const answers = Array.from({ length: 9 }, () => app.inject({ method: 'GET', url: '/api/slow' }));
    await until(() => state.running === 2 && state.waiting === 3);
    // The four past the bound are answered while the first five are still held at the gate.
    const early = await Promise.all(answers.slice(5));
    for (const res of early) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ code: -1, message: BUSY_MESSAGE, data: null });
    }
    // Files are never held back by the API's load.
    expect((await app.inject({ method: 'GET', url: '/static/file' })).statusCode).toBe(200);
    open();
    expect((await Promise.all(answers.slice(0, 5))).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(state).toMatchObject({ running: 0, waiting: 0 });
    await app.close();
  });

  it('cancels the statements of a request whose client disconnects, and frees its slot when they stop', async () => {
    const { app, state, open, cancelled } = gatedApp(1, 1);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const gone = new AbortController();
    const leaving = fetch(`http://127.0.0.1:${port}/api/slow`, { signal: gone.signal }).catch(() => 'aborted');
    await until(() => state.running === 1);
    gone.abort();
    expect(await leaving).toBe('aborted');
    await until(() => cancelled.length === 1);
    // The cancelled statements end the work (here: the gate), and with it the slot.
    open();
    await until(() => state.running === 0);
    expect((await fetch(`http://127.0.0.1:${port}/api/slow`)).status).toBe(200);
    await app.close();
  });

  it('answers 503 with Retry-After to a request that waited its longest for a slot', async () => {
    const { app, state, open } = gatedApp(1, 5, 20);
    const held = app.inject({ method: 'GET', url: '/api/slow' });
    await until(() => state.running === 1);
    // The slot stays held; the waiting request is answered anyway once its wait is up.
    const waited = await app.inject({ method: 'GET', url: '/api/slow' });
    expect(waited.statusCode).toBe(503);
    expect(waited.headers['retry-after']).toBe('1');
    expect(state).toMatchObject({ running: 1, waiting: 0 });
    open();
    expect((await held).statusCode).toBe(200);
    await app.close();
  });
});

describe('overload guard under standing overload', () => {
  it('once the queue has not drained for 100 ms, refuses waits past 10 ms and serves the newest first', async () => {
    const clock = { now: 0 };
    const { app, state, open, order } = gatedApp(1, 10, 60_000, clock);
    const send = (n: number) => app.inject({ method: 'GET', url: `/api/slow?n=${n}` });
    const r1 = send(1);
    await until(() => state.running === 1);
    // A burst: queued behind r1, in order.
    const burst = [send(2), send(3)];
    await until(() => state.waiting === 2);
    // 150 ms later the queue has never drained: r2 and r3 have waited too long to be worth serving.
    clock.now = 150;
    const r4 = send(4);
    const refused = await Promise.all(burst);
    expect(refused.map((r) => r.statusCode)).toEqual([503, 503]);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    clock.now = 152;
    const r5 = send(5);
    clock.now = 155;
    const r6 = send(6);
    await until(() => state.waiting === 3);
    // Still overloaded (refusing did not drain the queue): newest first once r1 is done.
    clock.now = 158;
    open();
    expect((await Promise.all([r1, r4, r5, r6])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(order).toEqual(['1', '6', '5', '4']);
    expect(state).toMatchObject({ running: 0, waiting: 0 });
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
