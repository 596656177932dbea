/**
 * The dashboard's aggregates at scale on PostgreSQL (issue 16): 1,000,000 users and 10,000,000 login
 * log rows (plus a ledger, audit log and sessions), each dashboard call made one at a time against the
 * real built server, its median time printed beside a limit.
 *
 * It creates its own database on the server DATABASE_URL points at (the user must be allowed to create
 * databases), lets the server migrate it (drizzle/0036_dashboard_indexes.sql among the migrations),
 * seeds with generate_series SQL, measures, and drops the database at the end.
 *
 *   pnpm build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @uc/bench dashboard-aggregates
 *
 * Smaller: USERS=20000 LOGINS=200000 LEDGER=20000 (rows of each); RUNS=15 sets the calls per figure.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { ADMIN_PASSWORD, apiLogin, startServer, type RunningServer } from '@uc/e2e/support/server';

const USERS = Number(process.env.USERS ?? 1_000_000);
const LOGINS = Number(process.env.LOGINS ?? 10_000_000);
const LEDGER = Number(process.env.LEDGER ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 15);
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl?.startsWith('postgres')) {
  console.error('DATABASE_URL must point at a PostgreSQL server (postgres://user@host:5432/db): the bench creates and drops its own database there');
  process.exit(2);
}

/*
 * Limits (median of RUNS calls, one at a time). The workplace and the monitor read a few index
 * entries each: interactive-page limits. An analysis reads every sign-in of its range once (index only):
 * 30 days of the big tenant is about 740,000 of them, which must stay within a second (90 days, the
 * longest preset, within two); a year of
 * every tenant is the whole log, which must finish within the server's statement timeout (5 s).
 */
const LIMIT_MS = { page: 100, month: 1000, quarter: 2000, year: 5000 } as const;

const name = `uc_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${name}`;
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function onServer(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Drops the secondary indexes of `tables` (not those behind constraints) and answers how to make them again. */
async function dropIndexes(db: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await db.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conindid = format('%I', i.indexname)::regclass)`,
    [tables],
  );
  for (const ix of rows) await db.query(`drop index ${ix.indexname}`);
  return rows.map((ix) => ix.indexdef);
}

interface Seeded {
  scaleTenant: number;
}

/**
 * One tenant of USERS users created over two years (a third registered themselves, the rest were
 * added), three quarters of them signed in during the last 60 days, 1 in 1000 in the recycle bin; three
 * tenants of 1,000 beside it. LOGINS sign-ins over the last year: 90 % the big tenant's, 9 % the small
 * ones', 1 % unknown user names; 1 in 20 failed; methods in the proportions account 3, mobile, open,
 * demo, oidc 1 each. LEDGER balance and points changes over
 * the year; 100,000 audit rows; 100,000 sessions, half of them live; 10,000 more tenants with licences.
 */
async function seed(db: pg.Client): Promise<Seeded> {
  const started = Date.now();
  await db.query(`set maintenance_work_mem = '512MB'`);
  const t = await db.query<{ id: string }>(`insert into tenants (name, code) values ('Scale', 'scale') returning id`);
  const tenant = Number(t.rows[0]!.id);
  const others = (
    await db.query<{ id: string }>(`insert into tenants (name, code) select 'Other ' || g, 'other' || g from generate_series(1, 3) g returning id`)
  ).rows.map((r) => Number(r.id));
  // 10,000 more tenants, licensed until a day spread over a year either side of today, for the platform's
  // "needs attention" list on the workplace: about 5,400 of them have ended or end within its 30 days
  // (the list reads ten of them, the count the index range).
  await db.query(
    `insert into tenants (name, code, expires_at) select 'Licensed ' || g, 'licensed' || g, now() + ((g % 730) - 365) * interval '1 day' from generate_series(1, 10000) g`,
  );
  const dept = await db.query<{ id: string }>(`insert into depts (tenant_id, name) values ($1, 'Root') returning id`, [tenant]);
  const role = await db.query<{ id: string }>(
    `insert into roles (tenant_id, name, key, data_scope) values ($1, 'Administrator', 'scale_admin', 1) returning id`,
    [tenant],
  );
  // The administrator may read the analysis (a menu carrying its address) and the login log (the workplace's failures).
  const menu = await db.query<{ id: string }>(
    `insert into menus (type, name, permissions) values (3, 'bench: analysis', '/admin/admin/dashboard/analysis') returning id`,
  );
  await db.query(
    `insert into role_menus (tenant_id, role_id, menu_id) select $1, $2, id from menus where id = $3 or permissions = '/user/admin/log/login/list'`,
    [tenant, role.rows[0]!.id, menu.rows[0]!.id],
  );

  // Secondary indexes are built once after the rows are in (far faster than millions of index inserts).
  const indexes = await dropIndexes(db, ['users', 'login_logs', 'member_ledger', 'audit_logs', 'sessions']);
  await db.query(
    `insert into users (tenant_id, username, password_hash, real_name, dept_id, source, created_at, last_login_at)
     select $1, 'u' || g, 'x', 'User ' || g, $2, case when g % 3 = 0 then 1 else 2 end,
            now() - ((g::bigint * 104729) % 63072000) * interval '1 second',
            case when g % 4 = 0 then null else now() - ((g::bigint * 7919) % 5184000) * interval '1 second' end
     from generate_series(1, $3::int) g`,
    [tenant, dept.rows[0]!.id, USERS],
  );
  const admin = await db.query<{ id: string }>(
    `insert into users (tenant_id, username, password_hash, real_name, dept_id) select $1, 'scaleadmin', password_hash, 'Scale Admin', $2 from users where username = 'admin' returning id`,
    [tenant, dept.rows[0]!.id],
  );
  const adminId = Number(admin.rows[0]!.id);
  await db.query(`insert into user_roles (tenant_id, user_id, role_id) values ($1, $2, $3)`, [tenant, adminId, role.rows[0]!.id]);
  for (const [i, other] of others.entries()) {
    await db.query(
      `insert into users (tenant_id, username, password_hash, created_at, last_login_at)
       select $1, 'o${i}_' || g, 'x', now() - g * interval '1 hour', now() - g * interval '1 hour' from generate_series(1, 1000) g`,
      [other],
    );
  }
  await db.query(`update users set deleted_at = now() where tenant_id = $1 and id % 1000 = 7`, [tenant]);
  console.log(`  users: ${seconds(started)}`);

  await db.query(
    `insert into login_logs (tenant_id, user_id, username, method, result, reason, ip, user_agent, created_at)
     select case when g % 100 = 0 then null when g % 100 < 10 then ($2::bigint[])[1 + g % 3] else $1 end,
            null, 'u' || (g % 100000),
            (array['account', 'account', 'account', 'mobile', 'open', 'demo', 'oidc'])[1 + g % 7],
            case when g % 20 = 0 then 2 else 1 end,
            case when g % 20 = 0 then 'bad_credentials' else 'ok' end,
            '10.' || (g % 250) || '.' || (g % 200) || '.1', 'bench',
            now() - (g::float8 / $3) * interval '365 days'
     from generate_series(1, $3::int) g`,
    [tenant, others, LOGINS],
  );
  console.log(`  login log: ${seconds(started)}`);
  await db.query(
    `insert into member_ledger (tenant_id, user_id, kind, before, after, change, operator_id, created_at)
     select $1, 1 + g % $2::int, 1 + g % 2, 0, 0, case when g % 3 = 0 then -(g % 100) else g % 500 end, $3,
            now() - (g::float8 / $4) * interval '365 days'
     from generate_series(1, $4::int) g`,
    [tenant, USERS, adminId, LEDGER],
  );
  await db.query(
    `insert into audit_logs (tenant_id, user_id, username, action, target, created_at)
     select $1, case when g % 10 = 0 then $2 else 1 + g % 1000 end, 'u', '/user/admin/member/edit', g::text, now() - g * interval '1 minute'
     from generate_series(1, 100000) g`,
    [tenant, adminId],
  );
  await db.query(
    `insert into sessions (token_hash, tenant_id, user_id, created_at, last_seen_at, expires_at, revoked_at)
     select md5(id::text || 'bench'), tenant_id, id, now() - interval '2 hours', now() - (id % 600) * interval '1 second',
            case when id % 2 = 0 then now() + interval '6 hours' else now() - interval '1 hour' end,
            case when id % 10 = 1 then now() end
     from users where tenant_id = $1 and username <> 'scaleadmin' order by id limit 100000`,
    [tenant],
  );
  console.log(`  ledger, audit log, sessions: ${seconds(started)}`);
  for (const def of indexes) await db.query(def);
  // Index-only scans need the visibility map autovacuum keeps in production.
  await db.query('vacuum analyze');
  console.log(
    `seeded ${USERS.toLocaleString('en')} users, ${LOGINS.toLocaleString('en')} sign-ins, ${LEDGER.toLocaleString('en')} ledger rows in ${seconds(started)}`,
  );
  return { scaleTenant: tenant };
}

interface Row {
  call: string;
  median: number;
  p90: number;
  limit: number;
  failed?: string;
}

async function measure(server: RunningServer, token: string, call: string, path: string, limit: number): Promise<Row> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const res = await fetch(`${server.origin}${path}`, { headers: { authorization: token } });
    const body = (await res.json()) as { code: number; message: string };
    const ms = performance.now() - started;
    if (body.code !== 0) return { call, median: NaN, p90: NaN, limit, failed: `${res.status} ${body.message}` };
    // The first call warms the caches (sessions, grants, the planner's statistics): not counted.
    if (i > 0) times.push(ms);
  }
  times.sort((x, y) => x - y);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { call, median: at(0.5), p90: at(0.9), limit };
}

const started = Date.now();
await onServer(`create database ${name}`);
let server: RunningServer | undefined;
try {
  server = await startServer({ DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'error' });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  let seeded: Seeded;
  try {
    seeded = await seed(db);
  } finally {
    await db.end();
  }
  const tenantToken = await apiLogin(server, 'scaleadmin', ADMIN_PASSWORD);
  const platformToken = await apiLogin(server, 'admin', ADMIN_PASSWORD);
  const analysis = (q: Record<string, string>) => `/admin/admin/dashboard/analysis?${new URLSearchParams({ timezone: 'Asia/Shanghai', ...q }).toString()}`;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const yearAgo = new Date(Date.parse(today) - 365 * 86_400_000).toISOString().slice(0, 10);

  console.log(`\ndashboard calls, PostgreSQL, one at a time, median of ${RUNS}:`);
  const rows: Row[] = [];
  rows.push(await measure(server, tenantToken, 'workplace (tenant administrator)', '/admin/admin/dashboard/workplace', LIMIT_MS.page));
  rows.push(await measure(server, platformToken, 'workplace (platform)', '/admin/admin/dashboard/workplace', LIMIT_MS.page));
  rows.push(await measure(server, tenantToken, 'analysis, big tenant, 30 days', analysis({}), LIMIT_MS.month));
  rows.push(await measure(server, platformToken, 'analysis, every tenant, 30 days', analysis({}), LIMIT_MS.month));
  rows.push(
    await measure(
      server,
      platformToken,
      'analysis, platform picks the big tenant, 30 days',
      analysis({ tenantId: String(seeded.scaleTenant) }),
      LIMIT_MS.month,
    ),
  );
  const quarterAgo = new Date(Date.parse(today) - 89 * 86_400_000).toISOString().slice(0, 10);
  rows.push(await measure(server, tenantToken, 'analysis, big tenant, 90 days', analysis({ from: quarterAgo, to: today }), LIMIT_MS.quarter));
  rows.push(await measure(server, platformToken, 'analysis, every tenant, 90 days', analysis({ from: quarterAgo, to: today }), LIMIT_MS.quarter));
  rows.push(await measure(server, tenantToken, 'analysis, big tenant, 366 days', analysis({ from: yearAgo, to: today }), LIMIT_MS.year));
  rows.push(await measure(server, platformToken, 'analysis, every tenant, 366 days', analysis({ from: yearAgo, to: today }), LIMIT_MS.year));
  rows.push(await measure(server, platformToken, 'monitor', '/admin/admin/dashboard/monitor', LIMIT_MS.page));

  console.log(`\n| call | median ms | p90 ms | limit ms | |`);
  console.log(`|---|---:|---:|---:|---|`);
  for (const r of rows) {
    const verdict = r.failed ? `failed: ${r.failed}` : r.median <= r.limit ? 'within' : 'OVER';
    console.log(`| ${r.call} | ${r.median.toFixed(1)} | ${r.p90.toFixed(1)} | ${r.limit} | ${verdict} |`);
    // A call over its limit, or failing, fails the run, so a script or a person running it sees it.
    if (verdict !== 'within') process.exitCode = 1;
  }
  console.log(`(load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
} finally {
  await server?.stop();
  await onServer(`drop database if exists ${name} with (force)`);
  console.log(`\ndone in ${seconds(started)}; database ${name} dropped`);
}
