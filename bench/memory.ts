/**
 * Prints the idle memory (RSS) of the real built server beside the limit: PGlite at most 300 MiB
 * (DESIGN.md section 8), on a first start (the data directory is created) and on a restart on the same
 * data; PostgreSQL beside it when DATABASE_URL is set (a fresh database is made and dropped).
 * "Idle" is after sign-in and a few list calls, once RSS has settled. Linux (reads /proc).
 *
 *   pnpm --filter @uc/server build && pnpm --filter @uc/bench memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @uc/bench memory
 */
import { apiLogin, startServer, type RunningServer } from '@uc/e2e/support/server';
import { freshPostgresDatabase, rssMiB, sleep } from './support';

const LIMIT_MIB = 300;

/** Signs in and makes a few calls, then waits until RSS moves less than 2 MiB in a second (at most 20 s). */
async function idleRss(server: RunningServer): Promise<{ afterStart: number; idle: number }> {
  const afterStart = rssMiB(server.pid);
  const token = await apiLogin(server);
  for (let i = 0; i < 20; i++) {
    for (const path of ['/user/admin/member/info', '/user/admin/member/list?page=1&pageSize=20', '/user/admin/dept/list']) {
      await (await fetch(`${server.origin}${path}`, { headers: { authorization: token } })).arrayBuffer();
    }
  }
  let last = rssMiB(server.pid);
  for (let i = 0; i < 20; i++) {
    await sleep(1000);
    const now = rssMiB(server.pid);
    if (Math.abs(now - last) < 2) return { afterStart, idle: now };
    last = now;
  }
  return { afterStart, idle: last };
}

const rows: { run: string; afterStart: number; idle: number; limit: boolean }[] = [];

{
  const first = await startServer();
  rows.push({ run: 'PGlite, first start (new DATA_DIR)', ...(await idleRss(first)), limit: true });
  await first.stop({ keepData: true });
  const again = await startServer({}, { dataDir: first.dataDir });
  rows.push({ run: 'PGlite, restart on the same data', ...(await idleRss(again)), limit: true });
  await again.stop();
}

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const db = await freshPostgresDatabase(serverUrl);
  try {
    const server = await startServer({ DATABASE_URL: db.url });
    rows.push({ run: 'PostgreSQL (for comparison)', ...(await idleRss(server)), limit: false });
    await server.stop();
  } finally {
    await db.drop();
  }
} else {
  console.log('DATABASE_URL is not set: PostgreSQL is left out (set it to postgres://user@host:5432/db to compare)');
}

console.log(`\nServer RSS in MiB (limit for PGlite: ${LIMIT_MIB} MiB)`);
console.log(`  ${'run'.padEnd(36)} ${'after start'.padStart(11)} ${'idle'.padStart(8)}  verdict`);
for (const r of rows) {
  const verdict = r.limit ? (r.idle <= LIMIT_MIB ? `within ${LIMIT_MIB}` : `OVER ${LIMIT_MIB}`) : '-';
  console.log(`  ${r.run.padEnd(36)} ${r.afterStart.toFixed(0).padStart(11)} ${r.idle.toFixed(0).padStart(8)}  ${verdict}`);
}
