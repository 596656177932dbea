import { eq, sql } from 'drizzle-orm';
import { auth, createTenant, createUser, tokenFor } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { depts, sessions, tenants, users } from './schema';
import { PLATFORM_TENANT_ID } from './seed';
import { withCrossTenant, withTenant } from './tenant-scope';

let t: TestApp;
let a: { tenantId: number; deptId: number };
let b: { tenantId: number; deptId: number };
let tokenA: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, { code: 'rls-a' });
  b = await createTenant(t.db, { code: 'rls-b' });
  const userA = await createUser(t.db, { username: 'rls.a', tenantId: a.tenantId, menuPaths: ['/org/user'] });
  await createUser(t.db, { username: 'rls.b', tenantId: b.tenantId, menuPaths: ['/org/user'] });
  tokenA = await tokenFor(t.db, a.tenantId, userA);
});
afterAll(() => t.close());

const rowsOf = async <T>(q: Promise<{ rows: T[] }> | Promise<unknown>) => (await q as { rows: T[] }).rows;

describe('row-level security', () => {
  it('is on, with a policy, for every table that has a tenant_id column (and for tenants)', async () => {
    const tables = await rowsOf<{ name: string; rls: boolean; policies: number }>(t.db.execute(sql`
      select c.relname as name, c.relrowsecurity as rls,
        (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (c.relname = 'tenants' or exists (select 1 from information_schema.columns col
             where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'tenant_id'))`));
    expect(tables.length).toBeGreaterThanOrEqual(10);
    for (const table of tables) expect({ table: table.name, rls: table.rls, hasPolicy: table.policies > 0 }).toEqual({ table: table.name, rls: true, hasPolicy: true });
  });

  it('runs a request\'s queries as uc_app, not as the owner', async () => {
    const [row] = await withTenant(t.db, a.tenantId, (tx) => rowsOf<{ who: string }>(tx.execute(sql`select current_user as who`)));
    expect(row?.who).toBe('uc_app');
  });

  it('returns no other tenant\'s rows to a query that forgot its tenant filter', async () => {
    const seen = await withTenant(t.db, a.tenantId, async (tx) => ({
      users: (await tx.select({ tenantId: users.tenantId }).from(users)).map((r) => r.tenantId),
      depts: (await tx.select({ tenantId: depts.tenantId }).from(depts)).map((r) => r.tenantId),
      tenants: (await tx.select({ id: tenants.id }).from(tenants)).map((r) => r.id),
      sessions: (await tx.select({ tenantId: sessions.tenantId }).from(sessions)).map((r) => r.tenantId),
      raw: await rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from users where tenant_id <> ${a.tenantId}`)),
    }));
    expect(new Set(seen.users)).toEqual(new Set([a.tenantId]));
    expect(new Set(seen.depts)).toEqual(new Set([a.tenantId]));
    expect(seen.tenants).toEqual([a.tenantId]);
    expect(new Set(seen.sessions)).toEqual(new Set([a.tenantId]));
    expect(seen.raw[0]?.n).toBe(0);
  });

  it('cannot write, change or delete another tenant\'s rows', async () => {
    const refused = await withTenant(t.db, a.tenantId, (tx) => tx.insert(depts).values({ tenantId: b.tenantId, name: 'smuggled' })).catch((e: Error) => e);
    // drizzle wraps the database error: the cause is PostgreSQL's own.
    expect(String((refused as Error & { cause?: Error }).cause?.message)).toMatch(/row-level security/);
    const changed = await withTenant(t.db, a.tenantId, (tx) => tx.update(users).set({ realName: 'hacked' }).where(eq(users.tenantId, b.tenantId)).returning({ id: users.id }));
    expect(changed).toEqual([]);
    const deleted = await withTenant(t.db, a.tenantId, (tx) => tx.delete(depts).where(eq(depts.tenantId, b.tenantId)).returning({ id: depts.id }));
    expect(deleted).toEqual([]);
    const [still] = await t.db.select({ realName: users.realName }).from(users).where(eq(users.username, 'rls.b'));
    expect(still?.realName).toBe('');
  });

  it('sees nothing tenant-owned when no tenant is set', async () => {
    const n = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'uc_app', true)`);
      return (await tx.select({ id: users.id }).from(users)).length;
    });
    expect(n).toBe(0);
  });

  it('lets platform callers cross tenants only through withCrossTenant', async () => {
    const all = await withCrossTenant(t.db, { tenantId: PLATFORM_TENANT_ID, tenantIsPlatform: true }, async (tx) => tx.select({ id: tenants.id }).from(tenants));
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([PLATFORM_TENANT_ID, a.tenantId, b.tenantId]));
    await expect(withCrossTenant(t.db, { tenantId: a.tenantId, tenantIsPlatform: false }, async () => 1)).rejects.toThrow(/platform tenant/);
  });

  it('keeps the API on the caller\'s tenant', async () => {
    const res = await t.app.inject({ url: '/user/admin/member/list', query: { pageSize: '100' }, headers: auth(tokenA) });
    expect(res.json().data.list.map((r: { username: string }) => r.username)).toEqual(['rls.a']);
  });
});

describe('tenant licence', () => {
  it('answers code 60 on every signed-in call of a disabled or expired tenant, and 0 again once renewed', async () => {
    const c = await createTenant(t.db, { code: 'rls-c' });
    const user = await createUser(t.db, { username: 'rls.c', tenantId: c.tenantId, menuPaths: ['/org/user'] });
    const token = await tokenFor(t.db, c.tenantId, user);
    const calls = ['/user/admin/member/info', '/user/admin/member/list', '/user/admin/role/header', '/user/admin/role/antd/menu'];
    const codes = async () => Promise.all(calls.map(async (url) => (await t.app.inject({ url, headers: auth(token) })).json().code));
    expect(await codes()).toEqual([0, 0, 0, 0]);
    await t.db.update(tenants).set({ status: 2 }).where(eq(tenants.id, c.tenantId));
    expect(await codes()).toEqual([60, 60, 60, 60]);
    await t.db.update(tenants).set({ status: 1, expiresAt: new Date(Date.now() - 1000) }).where(eq(tenants.id, c.tenantId));
    expect(await codes()).toEqual([60, 60, 60, 60]);
    await t.db.update(tenants).set({ expiresAt: new Date(Date.now() + 86_400_000) }).where(eq(tenants.id, c.tenantId));
    expect(await codes()).toEqual([0, 0, 0, 0]);
  });
});
