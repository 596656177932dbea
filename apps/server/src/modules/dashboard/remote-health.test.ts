import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RemoteHealth } from './remote-health';

/** A manifest host: /ok answers 200, /gone 404, /broken 500, /hang never; every request is counted. */
let server: Server;
let base: string;
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/hang') return;
    const status = req.url === '/ok' ? 200 : req.url === '/gone' ? 404 : 500;
    res.writeHead(status, { 'content-type': 'application/json' }).end('{"id":"remote"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** A port nothing listens on: a server opened and closed again. */
async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}/mf-manifest.json`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What `probe` answers once it answers something, asked every 25 ms for at most 5 s. */
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('gave up waiting');
    await sleep(25);
  }
}

describe('remote manifest checks', () => {
  it("asks this server for builds and addons, and tells ok, missing and failing apart, in the entries' order", async () => {
    const local = jest.fn(async (path: string) => (path.includes('/org/') ? 200 : path.includes('/addons/') ? 404 : 503));
    const health = new RemoteHealth({ local });
    const checks = await health.checks([
      '/user/web/remotes/org/0.1.0-abc/mf-manifest.json',
      '/user/web/remotes/addons/hello/1.0.0/mf-manifest.json',
      '/user/web/remotes/broken/1/mf-manifest.json',
      'not-an-address',
    ]);
    expect(checks.map((c) => [c.manifest, c.httpStatus])).toEqual([
      ['ok', 200],
      ['missing', 404],
      ['bad-status', 503],
      ['missing', null],
    ]);
    expect(local).toHaveBeenCalledTimes(3);
    expect(checks.every((c) => c.checkedAt !== null && c.ms >= 0)).toBe(true);
    // Builds are asked again on every call: this server's own files change with a redeploy.
    await health.checks(['/user/web/remotes/org/0.1.0-abc/mf-manifest.json']);
    expect(local).toHaveBeenCalledTimes(4);
  });

  it('fetches external manifests: ok, missing, failing, unreachable; and reuses a fresh result', async () => {
    const health = new RemoteHealth({ local: async () => 200 });
    const unreachable = await closedPort();
    const entries = [`${base}/ok`, `${base}/gone`, `${base}/broken`, unreachable];
    const checks = await health.checks(entries);
    expect(checks.map((c) => [c.manifest, c.httpStatus])).toEqual([
      ['ok', 200],
      ['missing', 404],
      ['bad-status', 500],
      ['unreachable', null],
    ]);
    const before = asked.length;
    expect((await health.checks(entries)).map((c) => c.manifest)).toEqual(['ok', 'missing', 'bad-status', 'unreachable']);
    expect(asked.length).toBe(before);
  });

  it('does not keep the monitor waiting for a slow address: checking first, the result on a later call', async () => {
    const health = new RemoteHealth({ local: async () => 200, waitMs: 50, timeoutMs: 300, freshMs: 60_000 });
    const started = Date.now();
    const [first] = await health.checks([`${base}/hang`]);
    expect(Date.now() - started).toBeLessThan(250);
    expect(first).toEqual({ manifest: 'checking', httpStatus: null, ms: 0, checkedAt: null });
    // A call while the fetch still runs starts no second one.
    const hangs = asked.filter((u) => u === '/hang').length;
    expect((await health.checks([`${base}/hang`]))[0]!.manifest).toBe('checking');
    expect(asked.filter((u) => u === '/hang').length).toBe(hangs);
    await sleep(400);
    const [later] = await health.checks([`${base}/hang`]);
    expect(later).toMatchObject({ manifest: 'unreachable', httpStatus: null, checkedAt: expect.any(String) });
    expect(later!.ms).toBeGreaterThanOrEqual(250);
  });

  it("answers the workplace without waiting on any address: builds now, an external one's last result, none before its first", async () => {
    const local = jest.fn(async () => 404);
    const health = new RemoteHealth({ local, timeoutMs: 1500, freshMs: 0 });
    const entries = ['/user/web/remotes/gone/1.0.0/mf-manifest.json', `${base}/broken`, `${base}/hang`];
    const started = Date.now();
    const first = await health.lastChecks(entries);
    // /hang takes its whole timeout (1.5 s): the answer did not wait for it.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(first.map((c) => c && [c.manifest, c.httpStatus])).toEqual([['missing', 404], null, null]);
    expect(local).toHaveBeenCalledTimes(1);
    // The external checks ran in the background: a later caller gets what they found.
    const next = await until(async () => {
      const checks = await health.lastChecks(entries);
      return checks.every(Boolean) ? checks : undefined;
    });
    expect(next.map((c) => c && [c.manifest, c.httpStatus])).toEqual([
      ['missing', 404],
      ['bad-status', 500],
      ['unreachable', null],
    ]);
    expect(next[1]!.checkedAt).toEqual(expect.any(String));
    // Stale (freshMs 0): asked again behind an answer that did not wait for it.
    const broken = asked.filter((u) => u === '/broken').length;
    await health.lastChecks([`${base}/broken`]);
    await until(async () => asked.filter((u) => u === '/broken').length > broken || undefined);
  });
});
