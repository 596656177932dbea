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

/**
 * One tenant of USERS users (user name u1 ... uN, a real name from md5, an 11-digit mobile number
 * unique per user: 48271 is prime to 10^9, so g * 48271 mod 10^9 never repeats) with an administrator whose role may list them; three small tenants beside it. */
async function seed(db: pg.Client): Promise<void> {
  const started = Date.now();
  await db.query(`set maintenance_work_mem = '512MB'`);
  const t = await db.query<{ id: string }>(`insert into tenants (name, code) values ('Scale', 'scale') returning id`);
  const tenant = Number(t.rows[0]!.id);
  const others = await db.query<{ id: string }>(
    `insert into tenants (name, code) select 'Other ' || g, 'other' || g from generate_series(1, 3) g returning id`,
  );
  const dept = await db.query<{ id: string }>(`insert into depts (tenant_id, name) values ($1, 'Root') returning id`, [tenant]);
  const role = await db.query<{ id: string }>(
    `insert into roles (tenant_id, name, key, data_scope) values ($1, 'Administrator', 'scale_admin', 1) returning id`,
    [tenant],
  );
  await db.query(`insert into role_menus (tenant_id, role_id, menu_id) select $1, $2, id from menus where path = '/org/user'`, [tenant, role.rows[0]!.id]);
  // Secondary indexes are built once after the rows are in (far faster than a million index inserts).
  const indexes = await db.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'users' and indexname not like '%_pk'`,
  );
  for (const ix of indexes.rows) await db.query(`drop index ${ix.indexname}`);
  await db.query(
    `insert into users (tenant_id, username, password_hash, real_name, mobile, email, dept_id, sex, login_count, created_at, last_login_at)
     select $1, 'u' || g, 'x', 'User ' || substr(md5(g::text), 1, 6), '1' || (3 + g % 6) || lpad((g::bigint * 48271 % 1000000000)::text, 9, '0'), 'u' || g || '@example.com', $2,
            g % 3, g % 50, timestamptz '2024-01-01' + g * interval '1 minute', case when g % 4 = 0 then null else timestamptz '2026-01-01' + g * interval '1 second' end
     from generate_series(1, $3::int) g`,
    [tenant, dept.rows[0]!.id, USERS],
  );
  // The administrator signs in with the bench password (the platform admin's hash, copied).
  const admin = await db.query<{ id: string }>(
    `insert into users (tenant_id, username, password_hash, dept_id) select $1, 'scaleadmin', password_hash, $2 from users where username = 'admin' returning id`,
    [tenant, dept.rows[0]!.id],
  );
  await db.query(`insert into user_roles (tenant_id, user_id, role_id) values ($1, $2, $3)`, [tenant, admin.rows[0]!.id, role.rows[0]!.id]);
  for (const [i, other] of others.rows.entries()) {
    await db.query(
      `insert into users (tenant_id, username, password_hash, real_name, email) select $1, 'o${i}_' || g, 'x', 'Name ' || g, 'u' || g || '@other.example.com' from generate_series(1, 1000) g`,
      [other.id],
    );
  }
  // 1,000 deleted users, so the live-user index and the recycle bin have something to tell apart.
  await db.query(`update users set deleted_at = now() where tenant_id = $1 and id % 1000 = 7`, [tenant]);
  for (const ix of indexes.rows) await db.query(ix.indexdef);
  await db.query('vacuum analyze');
  console.log(`seeded ${USERS.toLocaleString('en')} users in ${seconds(started)}`);
}

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
    await seed(db);
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
  // A keyword: 7 digits of one user's mobile number (as someone looking a caller up types it); a
  // user name part that matches 11 users at a million (u98700, u987000 ... u987009).
  const g = Math.floor(USERS * 0.4242);
  const keyword = String((BigInt(g) * 48271n) % 1_000_000_000n)
    .padStart(9, '0')
    .slice(1, 8);
  const like = `u${Math.floor(USERS * 0.0987)}`;
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
