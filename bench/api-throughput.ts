/**
 * Throughput and latency of an authenticated call, side by side with a bare fastify hello world in the
 * same run (DESIGN.md section 8: `GET /user/admin/member/info` at least 50 % of hello world's req/s on
 * PostgreSQL, 25 % on PGlite, p99 under 5 ms). Everything on loopback; each target is driven with
 * autocannon for BENCH_SECONDS (default 5) after a one-second warm-up, at BENCH_CONNECTIONS (default 10).
 * With DATABASE_URL set, the server also runs on a fresh PostgreSQL database created there (and dropped).
 *
 *   pnpm --filter @uc/server build && pnpm --filter @uc/bench api-throughput
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @uc/bench api-throughput
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { apiLogin, startServer, type RunningServer } from '@uc/e2e/support/server';
import { freshPostgresDatabase } from './support';

const seconds = Number(process.env.BENCH_SECONDS || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function drive(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  await autocannon({ url, connections, duration: 1, headers });
  const r = await autocannon({ url, connections, duration: seconds, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** The bare fastify hello world, in a process of its own like our server. */
async function startHelloWorld(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./hello-world.mjs', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    url: line.toString().trim(),
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function memberInfo(name: string, server: RunningServer): Promise<Figures> {
  const token = await apiLogin(server);
  return drive(name, `${server.origin}/user/admin/member/info`, { authorization: token });
}

const results: Figures[] = [];
const hello = await startHelloWorld();
try {
  results.push(await drive('fastify hello world', hello.url));
  const lite = await startServer();
  try {
    results.push(await memberInfo('member/info, PGlite', lite));
  } finally {
    await lite.stop();
  }
  if (process.env.DATABASE_URL) {
    const db = await freshPostgresDatabase(process.env.DATABASE_URL);
    const server = await startServer({ DATABASE_URL: db.url });
    try {
      results.push(await memberInfo('member/info, PostgreSQL', server));
    } finally {
      await server.stop();
      await db.drop();
    }
  }
} finally {
  await hello.stop();
}

const base = results[0]!.rps;
console.log(`\n${connections} connections, ${seconds} s each, loopback (${new Date().toISOString()})\n`);
console.log(`${'target'.padEnd(28)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'vs hello'.padStart(9)} ${'errors'.padStart(7)}`);
for (const r of results) {
  const ratio = `${((r.rps / base) * 100).toFixed(1)} %`;
  console.log(
    `${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${ratio.padStart(9)} ${String(r.errors).padStart(7)}`,
  );
}
