import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';
import { testDbKind } from '../test/test-database';

/*
 * A slow statement through a real call path, without a backdoor in the product: the test adds its own
 * row-level security policy that sleeps whenever uc_app (every signed-in request) reads users, so the
 * member list runs for `seconds`. PGlite runs a statement synchronously inside the Node process and
 * cannot interrupt it (it ignores statement_timeout and has no second connection to cancel from), so
 * these run on PostgreSQL; on PGlite the request queue (overload.test.ts) is the protection.
 */
const slowUsers = (seconds: number) => async (db: Db) => {
  await db.execute(sql.raw(`create policy uc_test_slow on users as restrictive for select to uc_app using ((select true from pg_sleep(${seconds})))`));
};

const onPostgres = testDbKind() === 'postgres' ? describe : describe.skip;

onPostgres('statement timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STATEMENT_TIMEOUT_MS: '200' }, beforeBuild: slowUsers(5) });
  });
  afterAll(() => t.close());

  it('answers 503 with the envelope and what to do when a statement runs past STATEMENT_TIMEOUT_MS', async () => {
    const token = await t.login();
    const res = await t.app.inject({ method: 'GET', url: '/user/admin/member/list', headers: { authorization: token } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: -1, data: null, message: expect.stringContaining('took too long') });
    expect(res.json<{ message: string }>().message).toContain('narrow the search or filter and try again');
    // Nothing of it keeps running on the server.
    const active = await t.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`);
    expect((active as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

onPostgres('client disconnect', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STATEMENT_TIMEOUT_MS: '120000' }, beforeBuild: slowUsers(60) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const sleeping = async () => {
    const r = await t.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and wait_event = 'PgSleep'`,
    );
    return (r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  };
  /** Polls until `check` holds; the statement sleeps 60 s, far past the polls' few seconds. */
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
    return check();
  };

  it('cancels the running statement of a request whose client went away', async () => {
    const token = await t.login();
    const { port } = t.app.server.address() as { port: number };
    const gone = new AbortController();
    const leaving = fetch(`http://127.0.0.1:${port}/user/admin/member/list`, { headers: { authorization: token }, signal: gone.signal }).catch(() => 'aborted');
    expect(await until(async () => (await sleeping()) === 1)).toBe(true);
    gone.abort();
    expect(await leaving).toBe('aborted');
    expect(await until(async () => (await sleeping()) === 0)).toBe(true);
  });

  it('gives the connection it cancelled on to no other request: the pool closes it', async () => {
    const token = await t.login();
    const { port } = t.app.server.address() as { port: number };
    const gone = new AbortController();
    const leaving = fetch(`http://127.0.0.1:${port}/user/admin/member/list`, { headers: { authorization: token }, signal: gone.signal }).catch(() => 'aborted');
    expect(await until(async () => (await sleeping()) === 1)).toBe(true);
    const [row] = (
      (await t.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`)) as unknown as {
        rows: { pid: number }[];
      }
    ).rows;
    gone.abort();
    expect(await leaving).toBe('aborted');
    // A cancel lands on whatever its session runs when it arrives, perhaps another request's statement.
    const closed = async () =>
      ((await t.db.execute(sql`select count(*)::int as n from pg_stat_activity where pid = ${row!.pid}`)) as unknown as { rows: { n: number }[] }).rows[0]
        ?.n === 0;
    expect(await until(closed)).toBe(true);
  });
});
