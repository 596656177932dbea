/**
 * The system monitor's lists at scale on PostgreSQL (issue 28, point 2): 登录日志, 操作日志 and 在线用户
 * over millions of rows (2,000,000 sign-ins, 1,000,000 administrative writes, 1,000,000 sessions of
 * which about 14,000 are live), each page fetched one at a time from the real built server, its median
 * time printed beside a limit, then the plan PostgreSQL chose for the same query (EXPLAIN ANALYZE,
 * as uc_app under row-level security, or cross-tenant for the platform).
 *
 * The readers: the big tenant's administrator (scope all), a department administrator of it (data
 * scope 2: a tenth of its users), the administrator of a small tenant whose few rows lie among the
 * millions, and the platform (every tenant; with a tenant filter).
 *
 * It creates its own database on the server DATABASE_URL points at (the user must be allowed to create
 * databases), lets the server migrate it, seeds with generate_series SQL, measures, and drops it.
 *
 *   pnpm --filter @uc/server build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm --filter @uc/bench exec tsx monitor-lists.ts
 *
 * Smaller: LOGINS=200000 AUDITS=100000 SESSIONS=100000; RUNS=9 sets the calls per figure; WITHOUT=0044
 * drops the indexes of drizzle/0044_monitor_indexes.sql first (the figures before them); EXPLAIN=0 skips
 * the plans.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { ADMIN_PASSWORD, apiLogin, startServer, type RunningServer } from '@uc/e2e/support/server';

const LOGINS = Number(process.env.LOGINS ?? 2_000_000);
const AUDITS = Number(process.env.AUDITS ?? 1_000_000);
const SESSIONS = Number(process.env.SESSIONS ?? 1_000_000);
const BIG_USERS = 100_000;
const SMALL_TENANTS = 1000;
const RUNS = Number(process.env.RUNS ?? 9);
const WITHOUT_0044 = process.env.WITHOUT === '0044';
const EXPLAIN = process.env.EXPLAIN !== '0';
/** A page of a list must feel instant whatever the table's size: the one limit of every figure here. */
const LIMIT_MS = 100;
/** The indexes drizzle/0044_monitor_indexes.sql adds (WITHOUT=0044 drops them to measure without). */
const INDEXES_0044 = [
  'audit_logs_created_idx',
  'sessions_live_tenant_created_idx',
  'sessions_live_created_idx',
  'login_logs_username_trgm_idx',
  'login_logs_ip_trgm_idx',
  'audit_logs_username_trgm_idx',
  'audit_logs_action_trgm_idx',
  'audit_logs_target_trgm_idx',
];

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl?.startsWith('postgres')) {
  console.error('DATABASE_URL must point at a PostgreSQL server (postgres://user@host:5432/db): the bench creates and drops its own database there');
  process.exit(2);
}
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
  for (const r of rows) await db.query(`drop index ${r.indexname}`);
  return rows.map((r) => r.indexdef);
}

interface Seeded {
  big: number;
  small: number;
  deptOne: number;
}

/**
 * The big tenant: 100,000 users in ten departments; 1,000 small tenants of 10 users each. Rows are
 * written in time order (ids grow with time, as in production), over the year up to now:
 * - sign-ins: 75 % the big tenant's, 20 % the small tenants', 5 % unknown user names (no tenant); one in
 *   twenty failed; IPs 10.a.b.c; five browsers;
 * - writes: 80 % the big tenant's, the rest the small tenants'; twenty calls;
 * - sessions: 80 % the big tenant's; each lives 7 days from sign-in, a third revoked earlier: about
 *   1.4 % (the last 5 days, not revoked) are live.
 */
async function seed(db: pg.Client): Promise<Seeded> {
  const started = Date.now();
  await db.query(`set maintenance_work_mem = '512MB'`);
  const big = Number((await db.query<{ id: string }>(`insert into tenants (name, code) values ('Scale', 'scale') returning id`)).rows[0]!.id);
  await db.query(`insert into tenants (name, code) select 'Small ' || g, 'small' || g from generate_series(1, ${SMALL_TENANTS}) g`);
  const root = Number((await db.query<{ id: string }>(`insert into depts (tenant_id, name) values ($1, 'Root') returning id`, [big])).rows[0]!.id);
  await db.query(`insert into depts (tenant_id, parent_id, name) select $1, $2, 'Dept ' || g from generate_series(1, 10) g`, [big, root]);
  const deptIds = (await db.query<{ id: string }>(`select id from depts where tenant_id = $1 and parent_id = $2 order by id`, [big, root])).rows.map((r) =>
    Number(r.id),
  );
  const dropped = await dropIndexes(db, ['users', 'login_logs', 'audit_logs', 'sessions']);
  await db.query(
    `insert into users (tenant_id, username, password_hash, real_name, dept_id)
     select $1, 'u' || g, 'x', 'User ' || g, ($2::bigint[])[1 + g % 10] from generate_series(1, ${BIG_USERS}) g`,
    [big, deptIds],
  );
  await db.query(
    `insert into users (tenant_id, username, password_hash, real_name)
     select t.id, t.code || '_u' || g, 'x', 'User ' || g from tenants t cross join generate_series(1, 10) g where t.code like 'small%'`,
  );
  const small = Number((await db.query<{ id: string }>(`select id from tenants where code = 'small500'`)).rows[0]!.id);
  // Each tenant's users, numbered, to pick one by a row's number.
  await db.query(`create temporary table big_users as select row_number() over (order by id) as n, id, username from users where tenant_id = $1`, [big]);
  await db.query(
    `create temporary table small_users as select row_number() over (order by u.id) as n, u.tenant_id, u.id, u.username from users u join tenants t on t.id = u.tenant_id where t.code like 'small%'`,
  );
  await db.query(`create index on big_users (n)`);
  await db.query(`create index on small_users (n)`);
  const smallUsers = SMALL_TENANTS * 10;
  const agents = `(array['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'])`;
  const ip = (g: string) => `'10.' || (${g} % 200) || '.' || (${g} / 200 % 250) || '.' || (${g} / 50000 % 250)`;
  const at = (g: string, total: number) => `now() - interval '365 days' + (${g}::float8 / ${total}) * interval '365 days'`;
  // Sign-ins: g % 20 in 0..14 big tenant, 15..18 small tenants, 19 unknown.
  await db.query(
    `insert into login_logs (tenant_id, user_id, username, method, result, reason, ip, user_agent, created_at)
     select case when k < 15 then ${big} when k < 19 then s.tenant_id end,
            case when k < 15 then b.id when k < 19 then s.id end,
            case when k < 15 then b.username when k < 19 then s.username else 'nobody' || g end,
            case when g % 7 = 0 then 'mobile' else 'account' end,
            case when g % 20 = 3 then 2 else 1 end,
            case when k = 19 or g % 20 = 3 then 'bad_credentials' else 'ok' end,
            ${ip('g')}, ${agents}[1 + g % 5], ${at('g', LOGINS)}
     from generate_series(1, ${LOGINS}) g
     cross join lateral (select g % 20 as k) kk
     left join big_users b on b.n = 1 + (g::bigint * 7919) % ${BIG_USERS}
     left join small_users s on s.n = 1 + (g::bigint * 104729) % ${smallUsers}
     order by g`,
  );
  const actions = `(array['/user/admin/member/edit','/user/admin/member/status','/user/admin/member/delete','/user/admin/dept/edit','/user/admin/post/edit',
    '/user/admin/role/edit','/user/admin/role/menus','/user/admin/member/resetPwd','/user/admin/member/forceLogout','/admin/admin/notice/edit',
    '/admin/admin/notice/publish','/user/admin/openaccess/edit','/user/admin/member/addBalance','/user/admin/dept/delete','/user/admin/post/delete',
    '/user/admin/member/restore','/user/admin/member/import','/admin/admin/site/settings/save','/user/admin/menu/edit','/user/admin/role/status'])`;
  await db.query(
    `insert into audit_logs (tenant_id, user_id, username, action, target, fields, ip, created_at)
     select case when g % 5 < 4 then ${big} else s.tenant_id end, case when g % 5 < 4 then b.id else s.id end,
            case when g % 5 < 4 then b.username else s.username end,
            ${actions}[1 + g % 20], (g % 5000)::text, '["name","status"]'::jsonb, ${ip('g')}, ${at('g', AUDITS)}
     from generate_series(1, ${AUDITS}) g
     left join big_users b on b.n = 1 + (g::bigint * 7919) % ${BIG_USERS}
     left join small_users s on s.n = 1 + (g::bigint * 104729) % ${smallUsers}
     order by g`,
  );
  await db.query(
    `insert into sessions (token_hash, tenant_id, user_id, ip, user_agent, created_at, last_seen_at, expires_at, revoked_at)
     select md5('bench' || g), case when g % 5 < 4 then ${big} else s.tenant_id end, case when g % 5 < 4 then b.id else s.id end,
            ${ip('g')}, ${agents}[1 + g % 5], c, c + interval '10 minutes', c + interval '7 days', case when g % 3 = 0 then c + interval '1 hour' end
     from generate_series(1, ${SESSIONS}) g
     cross join lateral (select ${at('g', SESSIONS)} as c) cc
     left join big_users b on b.n = 1 + (g::bigint * 7919) % ${BIG_USERS}
     left join small_users s on s.n = 1 + (g::bigint * 104729) % ${smallUsers}
     order by g`,
  );
  for (const def of dropped) await db.query(def);
  // The readers: each signs in with the bench password (the platform admin's hash, copied).
  const role = async (tenantId: number, key: string, scope: number) => {
    const r = await db.query<{ id: string }>(`insert into roles (tenant_id, name, key, data_scope) values ($1, $2, $2, $3) returning id`, [
      tenantId,
      key,
      scope,
    ]);
    await db.query(
      `insert into role_menus (tenant_id, role_id, menu_id) select $1, $2, m.id from menus m
       where m.path like '/monitor/%' or m.parent_id in (select id from menus where path like '/monitor/%') and m.type = 3 and m.permissions not like '%tenant/option%'`,
      [tenantId, r.rows[0]!.id],
    );
    return Number(r.rows[0]!.id);
  };
  const reader = async (tenantId: number, username: string, deptId: number | null, roleId: number) => {
    const u = await db.query<{ id: string }>(
      `insert into users (tenant_id, username, password_hash, dept_id) select $1, $2, password_hash, $3 from users where username = 'admin' returning id`,
      [tenantId, username, deptId],
    );
    await db.query(`insert into user_roles (tenant_id, user_id, role_id) values ($1, $2, $3)`, [tenantId, u.rows[0]!.id, roleId]);
  };
  await reader(big, 'bigadmin', root, await role(big, 'monitor_all', 1));
  await reader(big, 'deptadmin', deptIds[1]!, await role(big, 'monitor_dept', 2));
  await reader(small, 'smalladmin', null, await role(small, 'monitor_small', 1));
  await db.query('vacuum analyze');
  console.log(
    `seeded ${LOGINS.toLocaleString('en')} sign-ins, ${AUDITS.toLocaleString('en')} writes, ${SESSIONS.toLocaleString('en')} sessions and ${(BIG_USERS + smallUsers).toLocaleString('en')} users in ${seconds(started)}`,
  );
  return { big, small, deptOne: deptIds[1]! };
}

interface Figure {
  list: string;
  reader: string;
  what: string;
  median: number;
  p90: number;
  rows: number;
  total: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)]!;

type Page = { code: number; message: string; data: { list: unknown[]; total: number; totalExact: boolean; next: string | null } };

async function page(server: RunningServer, token: string, path: string, query: Record<string, string>): Promise<{ ms: number; body: Page }> {
  const url = `${server.origin}${path}?${new URLSearchParams({ pageSize: '10', ...query }).toString()}`;
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: token } });
  const body = (await res.json()) as Page;
  const ms = performance.now() - started;
  if (body.code !== 0) throw new Error(`${path} ${JSON.stringify(query)}: ${body.message}`);
  return { ms, body };
}

async function measure(server: RunningServer, token: string, list: string, reader: string, what: string, query: Record<string, string>): Promise<Figure> {
  const path = { 登录日志: '/user/admin/log/login/list', 操作日志: '/user/admin/log/audit/list', 在线用户: '/user/admin/online/list' }[list]!;
  await page(server, token, path, query);
  const times: number[] = [];
  let last: Page | undefined;
  for (let i = 0; i < RUNS; i++) {
    const r = await page(server, token, path, query);
    times.push(r.ms);
    last = r.body;
  }
  const total = last!.data.totalExact ? String(last!.data.total) : `> ${last!.data.total.toLocaleString('en')}`;
  return { list, reader, what, median: median(times), p90: p90(times), rows: last!.data.list.length, total };
}

/** The cursor after `pages` pages of 10 (the next page by keyset), read 100 rows at a time. */
async function cursorAfter(server: RunningServer, token: string, path: string, pages: number, query: Record<string, string> = {}): Promise<string | null> {
  const deep = await page(server, token, path, { ...query, page: String(pages / 10), pageSize: '100' });
  return deep.body.data.next;
}

interface Plan {
  title: string;
  tenant: number | 'platform';
  sql: string;
}

/** EXPLAIN ANALYZE of a query as the server runs it: uc_app under row-level security, or cross-tenant (no policy) for the platform. */
async function explain(db: pg.Client, plan: Plan): Promise<string[]> {
  await db.query('begin');
  try {
    if (plan.tenant !== 'platform') await db.query(`select set_config('app.tenant_id', $1, true), set_config('role', 'uc_app', true)`, [String(plan.tenant)]);
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${plan.sql}`);
    return rows.map((r) => r['QUERY PLAN']);
  } finally {
    await db.query('rollback');
  }
}

const started = Date.now();
await onServer(`create database ${name}`);
let server: RunningServer | undefined;
try {
  server = await startServer({ DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'error' });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  try {
    const seeded = await seed(db);
    if (WITHOUT_0044) {
      for (const ix of INDEXES_0044) await db.query(`drop index if exists ${ix}`);
      console.log(`dropped ${INDEXES_0044.join(', ')} (WITHOUT=0044)`);
    }
    const tokens = {
      big: await apiLogin(server, 'bigadmin', ADMIN_PASSWORD),
      dept: await apiLogin(server, 'deptadmin', ADMIN_PASSWORD),
      small: await apiLogin(server, 'smalladmin', ADMIN_PASSWORD),
      platform: await apiLogin(server, 'admin', ADMIN_PASSWORD),
    };
    const byTenant = (id: number) => JSON.stringify([['tenantId', '=', id]]);
    const lastWeek = JSON.stringify([['createdAt', 'between', [new Date(Date.now() - 7 * 86_400_000).toISOString(), new Date().toISOString()]]]);
    const figures: Figure[] = [];
    for (const list of ['登录日志', '操作日志', '在线用户'] as const) {
      const path = { 登录日志: '/user/admin/log/login/list', 操作日志: '/user/admin/log/audit/list', 在线用户: '/user/admin/online/list' }[list];
      const m = async (reader: keyof typeof tokens, what: string, query: Record<string, string | null> = {}) => {
        // A page past the end of a smaller data set (SESSIONS=...) is left out.
        if (Object.values(query).includes(null)) return;
        const readerName = { big: 'big tenant', dept: 'department admin', small: 'small tenant', platform: 'platform' }[reader];
        figures.push(await measure(server!, tokens[reader], list, readerName, what, query as Record<string, string>));
      };
      await m('big', 'page 1');
      await m('big', 'page 2 (cursor)', { after: (await page(server, tokens.big, path, {})).body.data.next });
      await m('big', 'page 501 (cursor)', { after: await cursorAfter(server, tokens.big, path, 5000) });
      // A user of the seeded rows (page 100), by exact name and by a part of it; an IP's first three parts.
      const first = (await page(server, tokens.big, path, { page: '100' })).body.data.list[0] as { username: string; ip: string };
      await m('big', 'user name =', { filter: JSON.stringify([['username', '=', first.username]]) });
      await m('big', `keyword "${first.username.slice(0, -1)}"`, { filter: JSON.stringify([['keyword', first.username.slice(0, -1)]]) });
      await m('big', `keyword "${first.ip.split('.').slice(0, 3).join('.')}."`, {
        filter: JSON.stringify([['keyword', `${first.ip.split('.').slice(0, 3).join('.')}.`]]),
      });
      if (list !== '在线用户') await m('big', 'last 7 days', { filter: lastWeek });
      if (list === '登录日志') await m('big', 'failed only', { filter: JSON.stringify([['result', '=', 2]]) });
      await m('dept', 'page 1 (a tenth of the users)');
      await m('small', 'page 1');
      await m('platform', 'page 1 (every tenant)');
      await m('platform', 'tenant filter: the small tenant', { filter: byTenant(seeded.small) });
      await m('platform', 'tenant filter: the big tenant, page 501', {
        filter: byTenant(seeded.big),
        after: await cursorAfter(server, tokens.platform, path, 5000, { filter: byTenant(seeded.big) }),
      });
    }

    console.log(`\nmonitor lists, PostgreSQL, one request at a time, median of ${RUNS}${WITHOUT_0044 ? ' (WITHOUT the indexes of 0044)' : ''}:\n`);
    console.log('| list | reader | page | rows | total | median ms | p90 ms | limit ms | |');
    console.log('|---|---|---|---:|---:|---:|---:|---:|---|');
    for (const f of figures)
      console.log(
        `| ${f.list} | ${f.reader} | ${f.what} | ${f.rows} | ${f.total} | ${f.median.toFixed(1)} | ${f.p90.toFixed(1)} | ${LIMIT_MS} | ${f.median <= LIMIT_MS ? 'within' : 'OVER'} |`,
      );
    console.log(`(load average at the end: ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);

    if (EXPLAIN) {
      const dept = `(select id from users where tenant_id = ${seeded.big} and (id = 0 or dept_id = ${seeded.deptOne}))`;
      const live = `from sessions s join users u on u.tenant_id = s.tenant_id and u.id = s.user_id where s.revoked_at is null and s.expires_at > now() and u.deleted_at is null`;
      const newest = (table: string) => `order by ${table}created_at desc, ${table}id desc limit 11`;
      const plans: Plan[] = [
        { title: '登录日志, big tenant, page 1', tenant: seeded.big, sql: `select * from login_logs where tenant_id = ${seeded.big} ${newest('')}` },
        { title: '登录日志, small tenant, page 1', tenant: seeded.small, sql: `select * from login_logs where tenant_id = ${seeded.small} ${newest('')}` },
        {
          title: '登录日志, department admin, page 1',
          tenant: seeded.big,
          sql: `select * from login_logs where tenant_id = ${seeded.big} and user_id in ${dept} ${newest('')}`,
        },
        {
          title: '登录日志, big tenant, keyword "u4242"',
          tenant: seeded.big,
          sql: `select * from login_logs where tenant_id = ${seeded.big} and (username ilike '%u4242%' or ip ilike '%u4242%') ${newest('')}`,
        },
        {
          title: '登录日志, capped count (big tenant)',
          tenant: seeded.big,
          sql: `select count(*) from (select 1 from login_logs where tenant_id = ${seeded.big} limit 10001) c`,
        },
        { title: '登录日志, platform, every tenant, page 1', tenant: 'platform', sql: `select * from login_logs ${newest('')}` },
        { title: '操作日志, small tenant, page 1', tenant: seeded.small, sql: `select * from audit_logs where tenant_id = ${seeded.small} ${newest('')}` },
        { title: '操作日志, platform, every tenant, page 1', tenant: 'platform', sql: `select * from audit_logs ${newest('')}` },
        { title: '在线用户, big tenant, page 1', tenant: seeded.big, sql: `select s.*, u.username ${live} and s.tenant_id = ${seeded.big} ${newest('s.')}` },
        {
          title: '在线用户, capped count (big tenant)',
          tenant: seeded.big,
          sql: `select count(*) from (select 1 ${live} and s.tenant_id = ${seeded.big} limit 10001) c`,
        },
        { title: '在线用户, platform, every tenant, page 1', tenant: 'platform', sql: `select s.*, u.username ${live} ${newest('s.')}` },
      ];
      console.log('\nPlans (EXPLAIN ANALYZE of the same queries, as the server runs them):');
      for (const p of plans) {
        console.log(`\n-- ${p.title}`);
        for (const line of await explain(db, p)) console.log(`   ${line}`);
      }
    }
  } finally {
    await db.end();
  }
} finally {
  await server?.stop();
  if (process.env.KEEP === '1') console.log(`\ndone in ${seconds(started)}; database ${name} kept (KEEP=1)`);
  else {
    await onServer(`drop database if exists ${name} with (force)`);
    console.log(`\ndone in ${seconds(started)}; database ${name} dropped`);
  }
}
