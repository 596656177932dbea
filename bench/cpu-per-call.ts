/**
 * CPU per call (DESIGN.md section 8, issue 29 point 4): for each call below, the CPU time the server
 * process and the PostgreSQL backends of its database spent per answered request (utime + stime from
 * /proc, before and after each run, divided by the 2xx answers), beside a bare fastify hello world
 * driven the same way in the same round. CPU per request, unlike req/s, hardly depends on what else
 * the shared machine runs; req/s is printed too, and member/info's share of hello world's.
 *
 * Each round drives the hello world and then every call for SECONDS (default 3) after a one-second
 * warm-up, at CONNECTIONS (default 10) connections; ROUNDS (default 3) rounds, the median printed.
 * The load generator (autocannon, in this process) and PostgreSQL's background workers (WAL writer,
 * checkpointer, autovacuum: shared by every database of the server) are left out.
 *
 * It creates its own database on the server DATABASE_URL points at (list-scale.ts's seed: a superuser,
 * for the trigram indexes under row security), lets the built server migrate it, seeds USERS users
 * (default 1,000,000; fewer for a quick try), measures, and drops the database.
 *
 *   pnpm build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @uc/bench cpu-per-call
 *
 * While working on it: KEEP_DATABASE=1 keeps the seeded database (its name is printed), and
 * BENCH_DATABASE=<that name> (and the same USERS) runs on it again without seeding (the server migrates it first).
 * UC_SERVER_ENTRY=<dir>/dist/main.js runs another build of the server (e2e/support/server.ts);
 * CALLS=info,page 1 runs only the calls whose names hold one of those; SERVER_NODE_OPTIONS goes to the
 * server alone (--cpu-prof --cpu-prof-dir=/tmp/prof: a profile of the calls, written when it stops).
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ADMIN_PASSWORD, startServer, type RunningServer } from '@uc/e2e/support/server';
import { freshPostgresDatabase } from './support';
import { keywordOf, likeOf, seedUsers } from './seed-users';

const USERS = Number(process.env.USERS ?? 1_000_000);
const SECONDS = Number(process.env.SECONDS ?? 3);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
/** member/info's req/s, at least this share of hello world's in the same round. */
const INFO_SHARE = 0.5;
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl?.startsWith('postgres')) {
  console.error('DATABASE_URL must point at a PostgreSQL server (postgres://user@host:5432/db): the bench creates and drops its own database there');
  process.exit(2);
}

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** utime + stime of a process in milliseconds (undefined when it is gone). */
function cpuMs(pid: number): number | undefined {
  try {
    // The command name may hold spaces: the fields after its closing parenthesis are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name and state.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** The bare fastify hello world, in a process of its own like our server. */
async function startHelloWorld(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./hello-world.mjs', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    url: line.toString().trim(),
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

interface Sample {
  /** CPU-ms per answered request: the serving process, the database backends. */
  node: number;
  postgres: number;
  rps: number;
  failed: number;
  /** What failed: non-2xx answers by status, errors, timeouts. */
  failures: string;
}

interface Call {
  name: string;
  path: string;
  /** CPU-ms per request, server plus database, at most. */
  limit: number;
}

/** A database a run before kept (KEEP_DATABASE), on the same server. */
function existingDatabase(server: string, name: string): { url: string; drop(): Promise<void> } {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => Promise.resolve() };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const started = Date.now();
const reused = process.env.BENCH_DATABASE;
const database = reused ? existingDatabase(serverUrl, reused) : await freshPostgresDatabase(serverUrl);
const keep = Boolean(reused) || process.env.KEEP_DATABASE === '1';
const dbName = new URL(database.url).pathname.slice(1);
let server: RunningServer | undefined;
const hello = await startHelloWorld();
const watcher = new pg.Client({ connectionString: database.url });
try {
  // The server migrates the new database and seeds the platform; the users come after.
  const nodeOptions: Record<string, string> = process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {};
  server = await startServer({ DATABASE_URL: database.url, LOG_LEVEL: 'error', ...nodeOptions });
  process.stderr.write(`server ${server.pid} on ${server.origin}\n`);
  await watcher.connect();
  const seeded = reused && (await watcher.query(`select 1 from tenants where code = 'scale'`)).rowCount;
  if (!seeded) await seedUsers(watcher, USERS);
  const login = await fetch(`${server.origin}/user/admin/site/accountLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'scaleadmin', password: ADMIN_PASSWORD }),
  });
  const signedIn = (await login.json()) as { code: number; message: string; data: { token: string } };
  if (signedIn.code !== 0) throw new Error(`sign-in failed: ${signedIn.message}`);
  const headers = { authorization: signedIn.data.token };
  const origin = server.origin;
  const serverPid = server.pid;

  // The cursor of page 4999, so that "next page" from there is page 5000 by keyset.
  const before = await fetch(`${origin}/user/admin/member/list?page=4999&pageSize=10`, { headers });
  const cursor = ((await before.json()) as { data: { next?: string | null } }).data.next;
  const list = (query: Record<string, string>) => `/user/admin/member/list?${new URLSearchParams({ pageSize: '10', ...query }).toString()}`;
  const keyword = keywordOf(USERS);
  const like = likeOf(USERS);
  const every: Call[] = [
    { name: 'member/info', path: '/user/admin/member/info', limit: 0.06 },
    { name: 'list page 1', path: list({ page: '1' }), limit: 1.0 },
    { name: 'list page 5000', path: list({ page: '5000' }), limit: 1.5 },
    ...(cursor ? [{ name: 'list page 5000 (cursor)', path: list({ page: '5000', after: cursor }), limit: 1.5 }] : []),
    { name: `keyword search "${keyword}"`, path: list({ page: '1', filter: JSON.stringify([['keyword', keyword]]) }), limit: 4 },
    { name: `username like "${like}"`, path: list({ page: '1', filter: JSON.stringify([['username', 'like', like]]) }), limit: 4 },
  ];
  // CALLS=info,page 1: only the calls whose name contains one of these.
  const only = process.env.CALLS?.split(',').map((c) => c.trim());
  const calls = only ? every.filter((c) => only.some((o) => c.name.includes(o))) : every;
  // Check each answer once: a fast error is not a fast call.
  for (const call of calls) {
    const res = await fetch(`${origin}${call.path}`, { headers });
    const body = (await res.json()) as { code: number; message: string; data: { list?: unknown[] } };
    if (body.code !== 0 || body.data.list?.length === 0) throw new Error(`${call.name}: ${res.status} ${body.message} (${body.data?.list?.length ?? 0} rows)`);
  }

  /** The backends of the bench database but the watcher's own: the server's pool and its LISTEN sessions. */
  const backends = async () =>
    (
      await watcher.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        [dbName],
      )
    ).rows.map((r) => r.pid);

  async function sample(url: string, pid: number, extra: Record<string, string>, database: boolean): Promise<Sample> {
    await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: extra });
    const pids = database ? await backends() : [];
    const start = new Map([pid, ...pids].map((p) => [p, cpuMs(p) ?? 0]));
    const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: extra });
    const node = (cpuMs(pid) ?? NaN) - start.get(pid)!;
    // A backend that started during the run counts from zero; one that ended (the pool closes idle
    // connections) is left out: what it spent before ending is lost, an idle connection's nearly nothing.
    const after = database ? [...new Set([...pids, ...(await backends())])] : [];
    const postgres = after.reduce((sum, p) => {
      const now = cpuMs(p);
      return now === undefined ? sum : sum + now - (start.get(p) ?? 0);
    }, 0);
    const answers = result['2xx'];
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${count}× ${code}`);
    return {
      node: node / answers,
      postgres: postgres / answers,
      rps: answers / SECONDS,
      failed: result.non2xx + result.errors + result.timeouts,
      failures: [...statuses, result.errors ? `${result.errors} errors` : '', result.timeouts ? `${result.timeouts} timeouts` : ''].filter(Boolean).join(', '),
    };
  }

  const helloRuns: Sample[] = [];
  const runs = new Map<Call, Sample[]>(calls.map((c) => [c, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    process.stderr.write(`round ${round} of ${ROUNDS}\n`);
    helloRuns.push(await sample(hello.url, hello.pid, {}, false));
    for (const call of calls) runs.get(call)!.push(await sample(`${origin}${call.path}`, serverPid, headers, true));
  }

  const helloCpu = median(helloRuns.map((s) => s.node));
  const helloRps = median(helloRuns.map((s) => s.rps));
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `\nCPU-ms per answered request, ${USERS.toLocaleString('en')} users on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s runs, median of ${ROUNDS} (${new Date().toISOString()}, load average ${load})`,
  );
  console.log(`fastify hello world in the same rounds: ${helloCpu.toFixed(3)} CPU-ms, ${Math.round(helloRps)} req/s\n`);
  console.log(`| call | server | PostgreSQL | total | limit | req/s | vs hello req/s | |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|---|`);
  let failing = 0;
  for (const call of calls) {
    const samples = runs.get(call)!;
    const node = median(samples.map((s) => s.node));
    const postgres = median(samples.map((s) => s.postgres));
    const total = median(samples.map((s) => s.node + s.postgres));
    const rps = median(samples.map((s) => s.rps));
    // Req/s against the hello world of the same round, then the median.
    const share = median(samples.map((s, i) => s.rps / helloRuns[i]!.rps));
    const failed = samples.reduce((n, s) => n + s.failed, 0);
    const shareLimit = call.name === 'member/info' ? ` (≥ ${INFO_SHARE * 100} % of hello)` : '';
    const pass = failed === 0 && total <= call.limit && (!shareLimit || share >= INFO_SHARE);
    if (!pass) failing++;
    console.log(
      `| ${call.name} | ${node.toFixed(3)} | ${postgres.toFixed(3)} | ${total.toFixed(3)} | ≤ ${call.limit}${shareLimit} | ${Math.round(rps)} | ${(share * 100).toFixed(0)} % | ${
        pass
          ? 'PASS'
          : failed
            ? `FAIL (${samples
                .map((s) => s.failures)
                .filter(Boolean)
                .join('; ')})`
            : 'FAIL'
      } |`,
    );
  }
  console.log(`\n${failing === 0 ? 'every call within its limit' : `${failing} of ${calls.length} calls over their limit`}`);
} finally {
  await watcher.end().catch(() => undefined);
  await server?.stop();
  await hello.stop();
  if (!keep) await database.drop();
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s; database ${dbName} ${keep ? 'kept' : 'dropped'}`);
}
