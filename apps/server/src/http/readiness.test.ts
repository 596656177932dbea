import { request, Agent } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { LIVE_PATH, READY_PATH, registerReadiness, type Readiness } from './readiness';

/*
 * The probes a load balancer uses, and the drain on SIGTERM (main.ts): unready at once, serving until
 * every balancer that checks the server has been answered 503 SHUTDOWN_UNREADY_CHECKS times and once
 * more. Real sockets: the checker is known by its address and the drain closes connections.
 */

let app: FastifyInstance;
let readiness: Readiness;
let origin: string;
let clock = 1_000_000;

beforeEach(async () => {
  app = Fastify();
  readiness = registerReadiness(app, { unreadyChecks: 2, drainMs: 30_000, now: () => clock });
  app.get('/work', async () => ({ done: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterEach(() => app.close());

const get = async (path: string) => {
  const res = await fetch(`${origin}${path}`);
  return { status: res.status, body: (await res.json()) as { status: string }, connection: res.headers.get('connection') };
};
/** Resolves true once `promise` settles, false if it is still pending after the requests in flight. */
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('readiness', () => {
  it('answers live and ready while serving, without a session or the database', async () => {
    expect(await get(LIVE_PATH)).toMatchObject({ status: 200, body: { status: 'live' } });
    expect(await get(READY_PATH)).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('drains at once when no balancer checks the server (a lone server stops as before)', async () => {
    await readiness.drain();
    expect(readiness.draining).toBe(true);
    expect(await get(READY_PATH)).toMatchObject({ status: 503, body: { status: 'draining' } });
    expect(await get(LIVE_PATH)).toMatchObject({ status: 200 });
  });

  it('a checker seen longer ago than SHUTDOWN_DRAIN_MS is not waited for', async () => {
    await get(READY_PATH);
    clock += 30_001;
    await readiness.drain();
  });

  it('keeps serving, unready, until the balancer has been answered 503 once more than its fall count', async () => {
    await get(READY_PATH);
    const drained = readiness.drain();
    expect(await settled(drained)).toBe(false);
    // Still serving, each answer closing its connection.
    expect(await get('/work')).toMatchObject({ status: 200, body: { done: true }, connection: 'close' });
    expect((await get(READY_PATH)).status).toBe(503);
    expect((await get(READY_PATH)).status).toBe(503);
    expect(await settled(drained)).toBe(false);
    expect((await get(READY_PATH)).status).toBe(503);
    expect(await settled(drained)).toBe(true);
  });

  it('closes a kept-alive connection after its next answer once draining', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const once = () =>
      new Promise<{ connection: string | undefined; socket: unknown }>((resolve, reject) => {
        const req = request(`${origin}/work`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ connection: res.headers.connection, socket: req.socket }));
        });
        req.on('error', reject);
        req.end();
      });
    const first = await once();
    const second = await once();
    expect(second.socket).toBe(first.socket);
    expect(second.connection).toBe('keep-alive');
    void readiness.drain();
    const third = await once();
    expect(third.connection).toBe('close');
    agent.destroy();
  });
});
