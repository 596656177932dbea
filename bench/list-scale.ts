/**
 * The member list at 1,000,000 users on PostgreSQL (DESIGN.md section 8, issue 11): page 1, page 5000
 * (by number, and by the keyset cursor the list table follows), a keyword search and a username like,
 * each for a few seconds at 50 connections with autocannon against the real built server, printed
 * beside the budget (p99 at most 25 ms).
 *
 * It creates its own database on the server DATABASE_URL points at (the user must be allowed to create
 * databases and, for trigram search under row security, be a superuser: see drizzle/0019_list_scale.sql),
 * lets the server migrate it, seeds a tenant of 1,000,000 users plus three small tenants with
 * generate_series SQL, measures, and drops the database at the end.
 *
 *   pnpm build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @uc/bench list-scale
 *
 * USERS=100000 seeds fewer users; SECONDS=5 sets the length of each run.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { ADMIN_PASSWORD, startServer, type RunningServer } from '@uc/e2e/support/server';
import { keywordOf, likeOf, seedUsers } from './seed-users';

const BUDGET_MS = 25;
const CONNECTIONS = 50;
const USERS = Number(process.env.USERS ?? 1_000_000);
const SECONDS = Number(process.env.SECONDS ?? 5);
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl?.startsWith('postgres')) {
  console.error('DATABASE_URL must point at a PostgreSQL server (postgres://user@host:5432/db): the bench creates and drops its own database there');
  process.exit(2);
}

const name = `uc_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${name}`;

async function onServer(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

interface Figures {
  name: string;
  p50: number;
  p99: number;
  rps: number;
  bad: number;
  /** Median latency one request at a time: the call's own cost, without queueing. */
  alone: number;
}

async function measure(server: RunningServer, token: string, name: string, query: Record<string, string>, call = '/user/admin/member/list'): Promise<Figures> {
  const path = `${call}?${new URLSearchParams(query).toString()}`;
  // Check the answer once: a fast error is not a fast list.
  const check = await fetch(`${server.origin}${path}`, { headers: { authorization: token } });
  const body = (await check.json()) as { code: number; message: string; data: { list?: unknown[]; total: number; totalExact: boolean } };
  if (body.code !== 0 || body.data.list?.length === 0) throw new Error(`${name}: ${check.status} ${body.message} (${body.data?.list?.length ?? 0} rows)`);
  const alone = await autocannon({ url: `${server.origin}${path}`, connections: 1, duration: 2, headers: { authorization: token } });
  const result = await autocannon({ url: `${server.origin}${path}`, connections: CONNECTIONS, duration: SECONDS, headers: { authorization: token } });
  if (body.data.list)
    console.log(`  ${name}: ${body.data.list.length} rows of ${body.data.totalExact !== false ? `${body.data.total}` : `more than ${body.data.total}`}`);
  return {
    name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    bad: result.non2xx + result.errors + result.timeouts + alone.non2xx + alone.errors,
    alone: alone.latency.p50,
  };
}

const started = Date.now();
await onServer(`create database ${name}`);
let server: RunningServer | undefined;
try {
  // The server migrates the new database and seeds the platform; the users come after.
  server = await startServer({ DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'error' });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  try {
    await seedUsers(db, USERS);
  } finally {
    await db.end();
  }
  const res = await fetch(`${server.origin}/user/admin/site/accountLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'scaleadmin', password: ADMIN_PASSWORD }),
  });
  const login = (await res.json()) as { code: number; message: string; data: { token: string } };
  if (login.code !== 0) throw new Error(`sign-in failed: ${login.message}`);
  const token = login.data.token;

  // The cursor of page 4999, so that "next page" from there is page 5000 by keyset.
  const before = await fetch(`${server.origin}/user/admin/member/list?page=4999&pageSize=10`, { headers: { authorization: token } });
  const cursor = ((await before.json()) as { data: { next?: string | null } }).data.next;

  console.log(`\nmember/list, ${USERS.toLocaleString('en')} users, PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each:`);
  const rows: Figures[] = [];
  // Not a list: what a signed-in call costs on this machine before any list work (session, permissions, transaction).
  rows.push(await measure(server, token, 'member/info (no list: the floor)', {}, '/user/admin/member/info'));
  rows.push(await measure(server, token, 'page 1', { page: '1', pageSize: '10' }));
  rows.push(await measure(server, token, 'page 5000 (offset)', { page: '5000', pageSize: '10' }));
  // A server from before keyset paging gives no cursor (the bench also measures older builds).
  if (cursor) rows.push(await measure(server, token, 'page 5000 (keyset: after)', { page: '5000', pageSize: '10', after: cursor }));
  const keyword = keywordOf(USERS);
  const like = likeOf(USERS);
  rows.push(await measure(server, token, `keyword search "${keyword}"`, { filter: JSON.stringify([['keyword', keyword]]) }));
  rows.push(await measure(server, token, `username like "${like}"`, { filter: JSON.stringify([['username', 'like', like]]) }));

  console.log(`\n| call | alone p50 ms | p50 ms | p99 ms | req/s | limit p99 ms | |`);
  console.log(`|---|---:|---:|---:|---:|---:|---|`);
  for (const r of rows) {
    const verdict = r.rps === 0 ? 'no answer within the run' : r.bad > 0 ? `${r.bad} failed` : r.p99 <= BUDGET_MS ? 'within' : 'OVER';
    console.log(`| ${r.name} | ${r.alone} | ${r.p50} | ${r.p99} | ${Math.round(r.rps)} | ${BUDGET_MS} | ${verdict} |`);
  }
  console.log(
    `(alone: one connection, 2 s; the others: ${CONNECTIONS} connections, ${SECONDS} s. Load average at the end: ${(await import('node:os')).loadavg()[0]!.toFixed(1)} on ${(await import('node:os')).availableParallelism()} cores)`,
  );
} finally {
  await server?.stop();
  await onServer(`drop database if exists ${name} with (force)`);
  console.log(`\ndone in ${seconds(started)}; database ${name} dropped`);
}
