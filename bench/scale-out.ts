/**
 * One, two and three servers behind HAProxy, through PgBouncer in transaction mode, on PostgreSQL
 * (the scale-out test's setup: e2e/support/cluster.ts): req/s and CPU time per answered request of
 * `member/info` and `member/list` (page 1), for each number of servers in service (the others set to
 * maintenance in HAProxy, so they get no requests and no checks).
 *
 * CPU is utime + stime from /proc of every process on the requests' path: the servers in service, the
 * PostgreSQL backends of the database (PgBouncer's server connections and the servers' LISTEN
 * sessions), PgBouncer and HAProxy. PostgreSQL's background workers (WAL writer, checkpointer,
 * autovacuum) serve every database on the machine and are left out; so is the load generator
 * (autocannon, in this process).
 *
 * Two kinds of runs per call and number of servers:
 * - flat out (req/s, p99): what the machine serves. On two cores one server, PostgreSQL and the load
 *   generator already fill them, so more servers cannot add throughput; flat out, three servers,
 *   HAProxy, PgBouncer, PostgreSQL and the load generator take turns on two cores, and the kernel's
 *   switching between them and the caches they evict land on every request (the machine is
 *   oversubscribed; its CPU per request is printed too, for comparison);
 * - at a fixed rate, half what one server served flat out, in ROUNDS rounds of 1, 2, 3 servers (the
 *   machine is shared, so its load drifts: the median of the rounds is printed), for the CPU per
 *   request. Each server in service also costs CPU by the second, whatever it serves: HAProxy's checks,
 *   the WEB_DIR scan, timers, and while its tenants are busy the renewal of its auth-epoch lease (a
 *   counter read every 25 ms: README, "The lease"). Each round measures that first, with a trickle of
 *   10 requests a second per server, and the per-request column takes it out: its ratio to one
 *   server's is what more servers add per request. What is left above 1 is the same load spread
 *   thinner: a server answering a third of the requests wakes up for each one, with cold caches,
 *   where one server takes several per turn of its event loop.
 *
 *   pnpm --filter @uc/server build && bash scripts/setup-scale-out.sh
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @uc/bench scale-out
 *
 * BENCH_SECONDS (default 8) per run after a 2 s warm-up, BENCH_CONNECTIONS (default 24), ROUNDS (3).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startCluster, type Cluster } from '@uc/e2e/support/cluster';
import { ADMIN_PASSWORD } from '@uc/e2e/support/server';

const seconds = Number(process.env.BENCH_SECONDS || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 24);
const rounds = Number(process.env.ROUNDS || 3);
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** utime + stime of a process in milliseconds (0 when it is gone). */
function cpuMs(pid: number): number {
  try {
    // The command name may hold spaces: the fields after its closing parenthesis are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name and state.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

interface Parts {
  servers: number;
  postgres: number;
  pgbouncer: number;
  haproxy: number;
}
const total = (c: Parts) => c.servers + c.postgres + c.pgbouncer + c.haproxy;

/** CPU of the request path while `work` runs (ms, by part). */
async function measure(cluster: Cluster, count: number, work: () => Promise<void>): Promise<Parts> {
  const servers = cluster.servers.slice(0, count).map((s) => s.pid);
  const backends = async () =>
    (await cluster.sql(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).map(([pid]) => Number(pid));
  const before = await backends();
  const start = new Map([...servers, ...before, cluster.poolerPid, cluster.balancerPid].map((pid) => [pid, cpuMs(pid)]));
  await work();
  const after = [...new Set([...before, ...(await backends())])];
  // A backend that started during the run counts from zero.
  const spent = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid) - (start.get(pid) ?? 0), 0);
  return { servers: spent(servers), postgres: spent(after), pgbouncer: spent([cluster.poolerPid]), haproxy: spent([cluster.balancerPid]) };
}

interface Run {
  servers: number;
  call: string;
  rate?: number;
  rps: number;
  p99: number;
  answers: number;
  errors: number;
  cpu: Parts;
}

async function run(cluster: Cluster, count: number, call: string, url: string, token: string, rate?: number): Promise<Run> {
  process.stderr.write(`${call}, ${count} server${count > 1 ? 's' : ''}, ${rate ? `${rate} req/s` : 'flat out'}\n`);
  const headers = { authorization: token };
  const pace = rate ? { overallRate: rate } : {};
  await autocannon({ url, connections, duration: 2, headers, ...pace });
  let result: autocannon.Result | undefined;
  const cpu = await measure(cluster, count, async () => {
    result = await autocannon({ url, connections, duration: seconds, headers, ...pace });
  });
  const answers = result!['2xx'];
  return { servers: count, call, rate, rps: answers / seconds, p99: result!.latency.p99, answers, errors: result!.errors + result!.non2xx, cpu };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const cluster = await startCluster({ servers: 3 });
const flat: Run[] = [];
const paced: Run[] = [];
/** Per paced run: the CPU-ms per second its servers cost with a trickle (measured just before it). */
const fixedPerSecond = new Map<Run, number>();
const TRICKLE = 10;
try {
  const login = await fetch(`${cluster.origin}/user/admin/site/accountLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const inService = async (count: number) => {
    for (const [i, s] of cluster.servers.entries()) {
      await cluster.balancerCommand(`set server servers/${s.name} state ${i < count ? 'ready' : 'maint'}`);
      if (i < count) await cluster.waitForStatus(s.name, 'UP');
    }
  };
  const calls = [
    ['member/info', `${cluster.origin}/user/admin/member/info`],
    ['member/list', `${cluster.origin}/user/admin/member/list?page=1&pageSize=10`],
  ] as const;
  for (const [call, url] of calls) {
    for (const count of [1, 2, 3]) {
      await inService(count);
      flat.push(await run(cluster, count, call, url, token));
    }
    const rate = Math.max(1, Math.round(flat.find((r) => r.call === call && r.servers === 1)!.rps / 2));
    for (let round = 0; round < rounds; round++) {
      for (const count of [1, 2, 3]) {
        await inService(count);
        const trickle = await run(cluster, count, call, url, token, TRICKLE * count);
        const r = await run(cluster, count, call, url, token, rate);
        paced.push(r);
        fixedPerSecond.set(r, total(trickle.cpu) / seconds);
      }
    }
  }
} finally {
  await cluster.stop();
}

const ms = (v: number) => v.toFixed(3);
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  `\n${connections} connections, ${seconds} s per run, HAProxy round robin, PgBouncer transaction mode (${new Date().toISOString()}, load average ${load})`,
);
console.log(`CPU-ms: servers + PostgreSQL backends + PgBouncer + HAProxy = total, per answered request\n`);
console.log('Flat out:');
console.log(
  `${'servers'.padEnd(8)} ${'call'.padEnd(12)} ${'req/s'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}  ${'CPU-ms/request'.padStart(14)}`,
);
for (const r of flat) {
  console.log(
    `${String(r.servers).padEnd(8)} ${r.call.padEnd(12)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(6)}  ${ms(total(r.cpu) / r.answers).padStart(14)}`,
  );
}
console.log(`\nAt a fixed rate (half of one server flat out), median of ${rounds} rounds; "fixed": CPU-ms per second of the servers in service`);
console.log(`with a trickle (${TRICKLE} req/s each), "per request": the total less that, per answer:`);
console.log(
  `${'servers'.padEnd(8)} ${'call'.padEnd(12)} ${'offered'.padStart(7)} ${'req/s'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}  ${'servers'.padStart(7)} ${'pg'.padStart(6)} ${'pgb'.padStart(6)} ${'haproxy'.padStart(7)} ${'total'.padStart(7)}  ${'fixed'.padStart(6)} ${'per request'.padStart(11)}  ${'vs 1 server'.padStart(11)}`,
);
const perRequest = (runs: Run[], part: (c: Parts) => number) => median(runs.map((r) => part(r.cpu) / r.answers));
const busy = (runs: Run[]) => median(runs.map((r) => (total(r.cpu) - fixedPerSecond.get(r)! * seconds) / r.answers));
for (const call of ['member/info', 'member/list']) {
  const one = busy(paced.filter((r) => r.call === call && r.servers === 1));
  for (const count of [1, 2, 3]) {
    const runs = paced.filter((r) => r.call === call && r.servers === count);
    const cost = busy(runs);
    console.log(
      `${String(count).padEnd(8)} ${call.padEnd(12)} ${String(runs[0]!.rate).padStart(7)} ${median(runs.map((r) => r.rps))
        .toFixed(0)
        .padStart(
          7,
        )} ${String(median(runs.map((r) => r.p99))).padStart(7)} ${String(runs.reduce((n, r) => n + r.errors, 0)).padStart(6)}  ${ms(perRequest(runs, (c) => c.servers)).padStart(7)} ${ms(perRequest(runs, (c) => c.postgres)).padStart(6)} ${ms(perRequest(runs, (c) => c.pgbouncer)).padStart(6)} ${ms(perRequest(runs, (c) => c.haproxy)).padStart(7)} ${ms(perRequest(runs, total)).padStart(7)}  ${median(
        runs.map((r) => fixedPerSecond.get(r)!),
      )
        .toFixed(1)
        .padStart(6)} ${ms(cost).padStart(11)}  ${(cost / one).toFixed(2).padStart(11)}`,
    );
  }
}
