import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '../../test/manual-clock';
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

/** The real fetch, counted: which addresses were fetched, in order, the moment each fetch began. */
function countedFetch(): { fetch: typeof fetch; fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    fetch: (input, init) => {
      fetched.push(String(input));
      return fetch(input, init);
    },
  };
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
    // The clock stands still: the monitor waits for each answer however long this machine takes.
    const health = new RemoteHealth({ local: async () => 200, clock: new ManualClock() });
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
    const clock = new ManualClock();
    const { fetch, fetched } = countedFetch();
    const hang = `${base}/hang`;
    const health = new RemoteHealth({ local: async () => 200, waitMs: 50, timeoutMs: 300, freshMs: 60_000, clock, fetch });
    const first = health.checks([hang]);
    // The monitor's wait runs out while the address has not answered (it never does).
    clock.advance(50);
    expect((await first)[0]).toEqual({ manifest: 'checking', httpStatus: null, ms: 0, checkedAt: null });
    // A call while the fetch still runs starts no second one.
    const second = health.checks([hang]);
    clock.advance(50);
    expect((await second)[0]!.manifest).toBe('checking');
    expect(fetched).toEqual([hang]);
    // Its timeout, 300 ms after it began, ends it; the next call gets what it found.
    clock.advance(200);
    await health.settled(hang);
    const [later] = await health.checks([hang]);
    expect(later).toMatchObject({ manifest: 'unreachable', httpStatus: null, ms: 300, checkedAt: expect.any(String) });
    expect(fetched).toEqual([hang]);
  });

  it("answers the workplace without waiting on any address: builds now, an external one's last result, none before its first", async () => {
    const clock = new ManualClock();
    const { fetch, fetched } = countedFetch();
    const local = jest.fn(async () => 404);
    const broken = `${base}/broken`;
    const hang = `${base}/hang`;
    const health = new RemoteHealth({ local, timeoutMs: 1500, freshMs: 0, clock, fetch });
    const entries = ['/user/web/remotes/gone/1.0.0/mf-manifest.json', broken, hang];
    // No external address was checked before: nothing to answer for them, and nothing waited for
    // (an answer that waited would carry the check's result).
    const first = await health.lastChecks(entries);
    expect(first.map((c) => c && [c.manifest, c.httpStatus])).toEqual([['missing', 404], null, null]);
    expect(local).toHaveBeenCalledTimes(1);
    // The external checks run in the background: /broken answers, /hang runs into its timeout.
    expect(fetched).toEqual([broken, hang]);
    await health.settled(broken);
    clock.advance(1500);
    await health.settled();
    // A later caller gets what they found.
    const next = await health.lastChecks(entries);
    expect(next.map((c) => c && [c.manifest, c.httpStatus])).toEqual([
      ['missing', 404],
      ['bad-status', 500],
      ['unreachable', null],
    ]);
    expect(next[1]!.checkedAt).toEqual(expect.any(String));
    // Stale (freshMs 0): asked again, in the background of that answer.
    expect(fetched).toEqual([broken, hang, broken, hang]);
  });
});
