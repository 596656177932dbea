/**
 * Overload on loopback: finds the sustainable rate of `GET /user/admin/member/list` (closed loop,
 * 4 connections: within every default limit, so all are served), then offers 4x that rate for a few seconds with autocannon and prints
 * the served req/s, how many got 503 (with Retry-After) and the p99 of the served requests beside the
 * 100 ms limit (DESIGN.md section 8), and how many statements still ran after the load stopped.
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
import { apiLogin, startServer, type RunningServer } from '@uc/e2e/support/server';
import { freshPostgresDatabase, sleep } from './support';

const LIMIT_MS = 100;
const PATH = '/user/admin/member/list?page=1&pageSize=20';
const SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 5);

interface Run {
  offered: string;
  served: number;
  busy: number;
  other: number;
  retryAfter: boolean;
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

async function load(server: RunningServer, token: string, options: { connections: number; overallRate?: number; seconds: number }): Promise<Run> {
  const served: number[] = [];
  // When the slowest answers came (seconds into the run): a tail at the start is the connections opening.
  const slowest: { at: number; ms: number }[] = [];
  const began = performance.now();
  const from = Date.now();
  let busy = 0;
  let other = 0;
  let retryAfter = true;
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
  if (busy > 0) {
    // One look at a refusal: it must say when to come back.
    const res = await fetch(`${server.origin}${PATH}`, { headers: { authorization: token } });
    retryAfter = res.status !== 503 || res.headers.get('retry-after') !== null;
  }
  const to = Date.now();
  served.sort((a, b) => a - b);
  slowest.sort((a, b) => b.ms - a.ms).splice(3);
  return {
    offered: options.overallRate ? `${options.overallRate} req/s` : `closed loop, ${options.connections} conn`,
    served: served.length,
    busy,
    other: other + result.errors + result.timeouts,
    retryAfter,
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

function print(kind: string, runs: Run[], after: string) {
  console.log(`\n${kind}: GET ${PATH}`);
  console.log(
    `  ${'offered'.padEnd(26)} ${'served/s'.padStart(9)} ${'503'.padStart(7)} ${'other'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  p99 of served vs ${LIMIT_MS} ms  (in the server: p99)`,
  );
  for (const r of runs) {
    const verdict = r.p99 <= LIMIT_MS ? 'within' : 'OVER';
    console.log(
      `  ${r.offered.padEnd(26)} ${(r.served / r.seconds).toFixed(0).padStart(9)} ${String(r.busy).padStart(7)} ${String(r.other).padStart(6)} ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)}  ${verdict}${r.busy > 0 && !r.retryAfter ? ' (503 without Retry-After!)' : ''}  (${r.serverP99.toFixed(1)} ms)`,
    );
    console.log(`  ${''.padEnd(26)} slowest served: ${r.slowest}`);
  }
  console.log(`  statements still running 1 s after the load: ${after}; load average now ${loadavg()[0]!.toFixed(1)}`);
}

async function bench(kind: string, env: Record<string, string>, databaseUrl?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'uc-overload-'));
  const timings = join(dir, 'timings.txt');
  const preload = fileURLToPath(new URL('./server-timing.mjs', import.meta.url));
  const server = await startServer({ ...env, NODE_OPTIONS: `--import=${preload}`, UC_BENCH_TIMINGS: timings });
  // The server writes its timings when it exits: stop it first, then read them.
  const { runs, after } = await (async () => {
    try {
      const token = await apiLogin(server);
      await load(server, token, { connections: 4, seconds: 1 }); // warm-up
      const sustainable = await load(server, token, { connections: 4, seconds: 3 });
      const rate = Math.round(sustainable.served / sustainable.seconds);
      const overload = await load(server, token, { connections: 200, overallRate: 4 * rate, seconds: SECONDS });
      overload.offered = `4x = ${4 * rate} req/s`;
      return { runs: [sustainable, overload], after: await stillRunning(databaseUrl) };
    } finally {
      await server.stop();
    }
  })();
  const inServer = readFileSync(timings, 'utf8')
    .split('\n')
    .map((line) => line.split(' ').map(Number) as [number, number, number]);
  rmSync(dir, { recursive: true, force: true });
  for (const r of runs) {
    const ms = inServer
      .filter(([at, status]) => status === 200 && at >= r.from && at <= r.to)
      .map(([, , t]) => t)
      .sort((a, b) => a - b);
    r.serverP99 = percentile(ms, 99);
  }
  print(kind, runs, after);
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
