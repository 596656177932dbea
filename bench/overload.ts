/**
 * Overload on loopback, in two parts (DESIGN.md section 8: no 503 below 100 concurrent requests; beyond,
 * 503 with Retry-After when the expected queue wait passes the latency budget, REQUEST_LATENCY_BUDGET_MS):
 * 1. Bursts, each sent at once on its own connections: the console's calls after a navigation
 *    (remotes, role/header, role/antd/menu, member/list) 99 at once, 20 role creates with one key,
 *    10 sign-ins of ten people, 99 balance deductions of one user. Printed: the answers by status (no
 *    503 expected) and the slowest answer.
 * 2. Sustained overload of `GET /user/admin/member/list`: the sustainable rate (closed loop, 4
 *    connections, all served), then 4x that rate for a few seconds with autocannon: the served req/s,
 *    how many got 503 (with Retry-After) and the p99 of the served beside the latency budget they are
 *    held to, once with the default budget and once with a tight one (100 ms: a served call then waits
 *    little, more are refused), and how many statements still ran after the load stopped.
 * PGlite always; PostgreSQL too when DATABASE_URL is set (a fresh database is made and dropped).
 *
 *   pnpm --filter @uc/server build && pnpm --filter @uc/bench overload
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @uc/bench overload
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { api, apiLogin, startServer, type RunningServer } from '@uc/e2e/support/server';
import { freshPostgresDatabase, sleep } from './support';

const PATH = '/user/admin/member/list?page=1&pageSize=20';
const SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 5);
/** The server's default REQUEST_LATENCY_BUDGET_MS, and the tight one of the second overload run. */
const DEFAULT_BUDGET_MS = 5000;
const TIGHT_BUDGET_MS = 100;

interface Run {
  offered: string;
  connections: number;
  /** The latency budget the server ran with. */
  budgetMs: number;
  served: number;
  busy: number;
  other: number;
  /** Every 503 a probe got during the run said when to come back. */
  retryAfter: boolean;
  /** The Retry-After values (seconds) the probes' 503s carried. */
  retryAfterSeen: string;
  seconds: number;
  p99: number;
  p50: number;
  slowest: string;
  /** Wall-clock span of the run, to pick its requests out of the server's timings. */
  from: number;
  to: number;
  /** p99 of the served requests' time inside the server (server-timing.mjs). */
  serverP99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function load(
  server: RunningServer,
  token: string,
  options: { connections: number; overallRate?: number; seconds: number; budgetMs: number },
): Promise<Run> {
  const served: number[] = [];
  // When the slowest answers came (seconds into the run): a tail at the start is the connections opening.
  const slowest: { at: number; ms: number }[] = [];
  const began = performance.now();
  const from = Date.now();
  let busy = 0;
  let other = 0;
  let retryAfter = true;
  const retryAfters = new Set<string>();
  // Probes beside the load (autocannon reports no headers): a refusal must say when to come back.
  let probing = true;
  const probes = (async () => {
    while (probing) {
      await sleep(200);
      const res = await fetch(`${server.origin}${PATH}`, { headers: { authorization: token } }).catch(() => undefined);
      await res?.arrayBuffer();
      if (res?.status !== 503) continue;
      const header = res.headers.get('retry-after');
      if (header === null) retryAfter = false;
      else retryAfters.add(header);
    }
  })();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${server.origin}${PATH}`,
        headers: { authorization: token },
        connections: options.connections,
        overallRate: options.overallRate,
        duration: options.seconds,
      },
      (err, res) => (err ? reject(err as Error) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status === 200) {
        served.push(ms);
        slowest.push({ at: (performance.now() - began) / 1000, ms });
      } else if (status === 503) busy += 1;
      else other += 1;
    });
  });
  probing = false;
  await probes;
  const to = Date.now();
  served.sort((a, b) => a - b);
  slowest.sort((a, b) => b.ms - a.ms).splice(3);
  return {
    offered: options.overallRate ? `${options.overallRate} req/s` : `closed loop, ${options.connections} conn`,
    budgetMs: options.budgetMs,
    connections: options.connections,
    served: served.length,
    busy,
    other: other + result.errors + result.timeouts,
    retryAfter,
    retryAfterSeen: [...retryAfters].sort((a, b) => Number(a) - Number(b)).join(', '),
    seconds: result.duration,
    p99: percentile(served, 99),
    p50: percentile(served, 50),
    slowest: slowest.map((x) => `${x.ms.toFixed(0)} ms at ${x.at.toFixed(1)} s`).join(', '),
    from,
    to,
    serverP99: NaN,
  };
}

async function stillRunning(databaseUrl: string | undefined): Promise<string> {
  if (!databaseUrl) return 'n/a (PGlite runs statements inside the server process)';
  await sleep(1000);
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const r = await c.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
  );
  await c.end();
  return String(r.rows[0]?.n ?? 0);
}

function print(kind: string, bursts: Burst[], runs: Run[], after: string) {
  console.log(`\n${kind}: bursts sent at once (each on its own connections; no 503 expected below 100)`);
  for (const b of bursts) {
    const statuses = Object.entries(b.statuses)
      .map(([status, n]) => `${n} x ${status}`)
      .join(', ');
    const verdict = b.statuses[503] ? `${b.statuses[503]} REFUSED (503)` : 'no 503';
    console.log(`  ${b.name.padEnd(48)} ${statuses.padEnd(22)} ${verdict.padEnd(18)} slowest answer ${b.slowestMs.toFixed(0)} ms`);
  }
  console.log(`\n${kind}: sustained load on GET ${PATH}`);
  console.log(
    `  ${'offered'.padEnd(30)} ${'budget'.padStart(8)} ${'sent/s'.padStart(7)} ${'served/s'.padStart(9)} ${'503'.padStart(7)} ${'other'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  p99 of served (wait + service) vs the wait budget  (in the server: p99)`,
  );
  for (const r of runs) {
    const verdict = r.p99 <= r.budgetMs ? 'within' : 'OVER';
    console.log(
      `  ${r.offered.padEnd(30)} ${`${r.budgetMs} ms`.padStart(8)} ${((r.served + r.busy + r.other) / r.seconds).toFixed(0).padStart(7)} ${(r.served / r.seconds).toFixed(0).padStart(9)} ${String(r.busy).padStart(7)} ${String(r.other).padStart(6)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)}  ${verdict}${r.busy > 0 && !r.retryAfter ? ' (503 without Retry-After!)' : ''}${r.retryAfterSeen ? `, Retry-After ${r.retryAfterSeen} s` : ''}  (${r.serverP99.toFixed(1)} ms)`,
    );
    console.log(`  ${''.padEnd(30)} slowest served: ${r.slowest}`);
  }
  console.log(`  statements still running 1 s after the load: ${after}; load average now ${loadavg()[0]!.toFixed(1)}`);
}

interface Burst {
  name: string;
  statuses: Record<number, number>;
  slowestMs: number;
}

/** Sends every request at once, each on a connection of its own, and counts the answers by status. */
async function burst(server: RunningServer, name: string, requests: { path: string; token?: string; body?: unknown }[]): Promise<Burst> {
  const statuses: Record<number, number> = {};
  let slowestMs = 0;
  await Promise.all(
    requests.map(async ({ path, token, body }) => {
      const began = performance.now();
      const res = await fetch(`${server.origin}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      await res.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - began);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }),
  );
  return { name, statuses, slowestMs };
}

/** The bursts of part 1, on a server that has just been warmed up. */
async function bursts(server: RunningServer, token: string): Promise<Burst[]> {
  const password = 'Burst-password-77';
  const people = Array.from({ length: 10 }, (_, i) => `burst.person${i}`);
  for (const [i, username] of people.entries())
    await api(server, token, '/user/admin/member/edit', { username, realName: username, mobile: `1390000${String(i).padStart(4, '0')}`, password });
  const { id } = await api<{ id: number }>(server, token, '/user/admin/member/edit', {
    username: 'burst.balance',
    realName: 'Balance',
    mobile: '13900009999',
    password,
  });
  await api(server, token, '/user/admin/member/addBalance', { id, operateMode: 1, num: 10_000 });
  const navigation = ['/user/admin/site/remotes', '/user/admin/role/header', '/user/admin/role/antd/menu', PATH];
  return [
    await burst(
      server,
      "a console's navigation calls, 99 at once",
      Array.from({ length: 99 }, (_, i) => ({ path: navigation[i % navigation.length]!, token })),
    ),
    await burst(
      server,
      '20 role creates with one key (1 x 200, 19 x 409)',
      Array.from({ length: 20 }, (_, i) => ({ path: '/user/admin/role/edit', token, body: { name: `Burst ${i}`, key: 'burst', dataScope: 1 } })),
    ),
    await burst(
      server,
      '10 sign-ins of ten people',
      people.map((username) => ({ path: '/user/admin/site/accountLogin', body: { username, password } })),
    ),
    await burst(
      server,
      '99 deductions from one balance',
      Array.from({ length: 99 }, () => ({ path: '/user/admin/member/addBalance', token, body: { id, operateMode: 2, num: 1 } })),
    ),
  ];
}

/** Starts a server with `env`, runs `measure` on it, and adds the server's own timings to the runs. */
async function withServer<T extends { runs: Run[] }>(env: Record<string, string>, measure: (server: RunningServer, token: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'uc-overload-'));
  const timings = join(dir, 'timings.txt');
  const preload = fileURLToPath(new URL('./server-timing.mjs', import.meta.url));
  const server = await startServer({ ...env, NODE_OPTIONS: `--import=${preload}`, UC_BENCH_TIMINGS: timings });
  // The server writes its timings when it exits: stop it first, then read them.
  const result = await (async () => {
    try {
      const token = await apiLogin(server);
      return await measure(server, token);
    } finally {
      await server.stop();
    }
  })();
  const inServer = readFileSync(timings, 'utf8')
    .split('\n')
    .map((line) => line.split(' ').map(Number) as [number, number, number]);
  rmSync(dir, { recursive: true, force: true });
  for (const r of result.runs) {
    const ms = inServer
      .filter(([at, status]) => status === 200 && at >= r.from && at <= r.to)
      .map(([, , t]) => t)
      .sort((a, b) => a - b);
    r.serverP99 = percentile(ms, 99);
  }
  return result;
}

/**
 * Connections enough to keep offering `rate` while every request waits out the budget: autocannon sends
 * one request per connection at a time, so fewer would quietly lower the offered rate to what the server
 * answers (and the queue would never reach the budget).
 */
const connectionsFor = (rate: number, budgetMs: number) => Math.min(5000, Math.max(200, Math.ceil((rate * (budgetMs + 1000)) / 1000)));

async function bench(kind: string, env: Record<string, string>, databaseUrl?: string) {
  const first = await withServer(env, async (server, token) => {
    await load(server, token, { connections: 4, seconds: 1, budgetMs: DEFAULT_BUDGET_MS }); // warm-up
    const found = await bursts(server, token);
    const sustainable = await load(server, token, { connections: 4, seconds: 3, budgetMs: DEFAULT_BUDGET_MS });
    const rate = Math.round(sustainable.served / sustainable.seconds);
    const overload = await load(server, token, {
      connections: connectionsFor(4 * rate, DEFAULT_BUDGET_MS),
      overallRate: 4 * rate,
      seconds: SECONDS,
      budgetMs: DEFAULT_BUDGET_MS,
    });
    overload.offered = `4x = ${4 * rate} req/s, ${overload.connections} conn`;
    return { bursts: found, rate, runs: [sustainable, overload], after: await stillRunning(databaseUrl) };
  });
  // The same offered load on a server with a tight budget: what a smaller REQUEST_LATENCY_BUDGET_MS buys.
  const tight = await withServer({ ...env, REQUEST_LATENCY_BUDGET_MS: String(TIGHT_BUDGET_MS) }, async (server, token) => {
    await load(server, token, { connections: 4, seconds: 1, budgetMs: TIGHT_BUDGET_MS }); // warm-up
    const overload = await load(server, token, {
      connections: connectionsFor(4 * first.rate, TIGHT_BUDGET_MS),
      overallRate: 4 * first.rate,
      seconds: SECONDS,
      budgetMs: TIGHT_BUDGET_MS,
    });
    overload.offered = `4x = ${4 * first.rate} req/s, ${overload.connections} conn`;
    return { runs: [overload] };
  });
  print(kind, first.bursts, [...first.runs, ...tight.runs], first.after);
}

// The figures are only as quiet as the machine: autocannon, the server (and PostgreSQL) share its CPUs.
console.log(
  `${availableParallelism()} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} before the run`,
);
await bench('PGlite', {});
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const db = await freshPostgresDatabase(serverUrl);
  try {
    await bench('PostgreSQL', { DATABASE_URL: db.url }, db.url);
  } finally {
    await db.drop();
  }
} else {
  console.log('\nDATABASE_URL is not set: PostgreSQL is left out (set it to postgres://user@host:5432/db to include it)');
}
