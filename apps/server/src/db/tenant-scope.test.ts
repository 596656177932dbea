import { eq, sql } from 'drizzle-orm';
import { auth, createTenant, createUser, tokenFor } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { depts, sessions, tenantInvites, tenantPolicies, tenants, users } from './schema';
import { PLATFORM_TENANT_ID } from './seed';
import { withCrossTenant, withTenant } from './tenant-scope';

let t: TestApp;
let a: { tenantId: number; deptId: number };
let b: { tenantId: number; deptId: number };
let tokenA: string;
let policyA: number;
let policyB: number;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, { code: 'rls-a' });
  b = await createTenant(t.db, { code: 'rls-b' });
  [policyA, policyB] = (
    await t.db
      .insert(tenantPolicies)
      .values([{ title: 'Policy of A' }, { title: 'Policy of B' }])
      .returning({ id: tenantPolicies.id })
  ).map((p) => p.id) as [number, number];
  await t.db.update(tenants).set({ policyId: policyA }).where(eq(tenants.id, a.tenantId));
  await t.db.update(tenants).set({ policyId: policyB }).where(eq(tenants.id, b.tenantId));
  await t.db.insert(tenantInvites).values({ title: 'Invite', companyName: 'Somebody', policyId: policyB, code: 'RLS-INVITE-1' });
  const userA = await createUser(t.db, { username: 'rls.a', tenantId: a.tenantId, menuPaths: ['/org/user'] });
  await createUser(t.db, { username: 'rls.b', tenantId: b.tenantId, menuPaths: ['/org/user'] });
  tokenA = await tokenFor(t.db, a.tenantId, userA);
});
afterAll(() => t.close());

const rowsOf = async <T>(q: Promise<{ rows: T[] }> | Promise<unknown>) => ((await q) as { rows: T[] }).rows;

describe('row-level security', () => {
  it('is on, with a policy, for every table that has a tenant_id column (and for tenants)', async () => {
    const tables = await rowsOf<{ name: string; rls: boolean; policies: number }>(
      t.db.execute(sql`
      select c.relname as name, c.relrowsecurity as rls,
        (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (c.relname = 'tenants' or exists (select 1 from information_schema.columns col
             where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'tenant_id'))`),
    );
    expect(tables.length).toBeGreaterThanOrEqual(10);
    for (const table of tables)
      expect({ table: table.name, rls: table.rls, hasPolicy: table.policies > 0 }).toEqual({ table: table.name, rls: true, hasPolicy: true });
  });

  it("runs a request's queries as uc_app, not as the owner", async () => {
    const [row] = await withTenant(t.db, a.tenantId, (tx) => rowsOf<{ who: string }>(tx.execute(sql`select current_user as who`)));
    expect(row?.who).toBe('uc_app');
  });

  it("returns no other tenant's rows to a query that forgot its tenant filter", async () => {
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

  it("cannot write, change or delete another tenant's rows", async () => {
    const refused = await withTenant(t.db, a.tenantId, (tx) => tx.insert(depts).values({ tenantId: b.tenantId, name: 'smuggled' })).catch((e: Error) => e);
    // drizzle wraps the database error: the cause is PostgreSQL's own.
    expect(String((refused as Error & { cause?: Error }).cause?.message)).toMatch(/row-level security/);
    const changed = await withTenant(t.db, a.tenantId, (tx) =>
      tx.update(users).set({ realName: 'hacked' }).where(eq(users.tenantId, b.tenantId)).returning({ id: users.id }),
    );
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
    const all = await withCrossTenant(t.db, { tenantId: PLATFORM_TENANT_ID, tenantIsPlatform: true }, async (tx) =>
      tx.select({ id: tenants.id }).from(tenants),
    );
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([PLATFORM_TENANT_ID, a.tenantId, b.tenantId]));
    await expect(withCrossTenant(t.db, { tenantId: a.tenantId, tenantIsPlatform: false }, async () => 1)).rejects.toThrow(/platform tenant/);
  });

  it("keeps the API on the caller's tenant", async () => {
    const res = await t.app.inject({ url: '/user/admin/member/list', query: { pageSize: '100' }, headers: auth(tokenA) });
    expect(res.json().data.list.map((r: { username: string }) => r.username)).toEqual(['rls.a']);
  });
});

const PLATFORM = { tenantId: PLATFORM_TENANT_ID, tenantIsPlatform: true };

describe('cross-tenant access', () => {
  /** What a transaction sees beyond tenant A: rows of other tenants, invitations, other policies. */
  const beyondA = async (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => ({
    users: (await tx.select({ tenantId: users.tenantId }).from(users)).filter((r) => r.tenantId !== a.tenantId).length,
    tenants: (await tx.select({ id: tenants.id }).from(tenants)).filter((r) => r.id !== a.tenantId).length,
    sessions: (await tx.select({ tenantId: sessions.tenantId }).from(sessions)).filter((r) => r.tenantId !== a.tenantId).length,
    invites: (await tx.select({ id: tenantInvites.id }).from(tenantInvites)).length,
    policies: (await tx.select({ id: tenantPolicies.id }).from(tenantPolicies)).filter((r) => r.id !== policyA).length,
  });
  const nothing = { users: 0, tenants: 0, sessions: 0, invites: 0, policies: 0 };

  it.each(['on', 'true', '1', 'yes', 'a'.repeat(64), ''])('is not granted by a request setting app.cross_tenant to %j itself', async (value) => {
    const seen = await withTenant(t.db, a.tenantId, async (tx) => {
      await tx.execute(sql`select set_config('app.cross_tenant', ${value}, true)`);
      return beyondA(tx);
    });
    expect(seen).toEqual(nothing);
  });

  it('cannot be read by uc_app: the secret, SMS codes and outbox, captchas and counters have no privilege for it', async () => {
    for (const table of ['uc_platform_secret', 'sms_outbox', 'sms_codes', 'captchas', 'rate_limits']) {
      const refused = await withTenant(t.db, a.tenantId, (tx) => tx.execute(sql.raw(`select * from ${table} limit 1`))).catch(
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
      expect({ table, refused }).toEqual({ table, refused: expect.stringMatching(/permission denied/) });
    }
    const inserted = await withTenant(t.db, a.tenantId, (tx) => tx.execute(sql`insert into uc_platform_secret (cross_tenant) values ('mine')`)).catch(
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );
    expect(inserted).toMatch(/permission denied/);
  });

  it('is granted to withCrossTenant: every tenant, invitation and policy', async () => {
    const seen = await withCrossTenant(t.db, PLATFORM, async (tx) => ({
      tenants: (await tx.select({ id: tenants.id }).from(tenants)).map((r) => r.id),
      invites: (await tx.select({ code: tenantInvites.code }).from(tenantInvites)).map((r) => r.code),
      policies: (await tx.select({ id: tenantPolicies.id }).from(tenantPolicies)).map((r) => r.id),
      users: new Set((await tx.select({ tenantId: users.tenantId }).from(users)).map((r) => r.tenantId)),
    }));
    expect(seen.tenants).toEqual(expect.arrayContaining([PLATFORM_TENANT_ID, a.tenantId, b.tenantId]));
    expect(seen.invites).toContain('RLS-INVITE-1');
    expect(seen.policies).toEqual(expect.arrayContaining([policyA, policyB]));
    expect([...seen.users]).toEqual(expect.arrayContaining([a.tenantId, b.tenantId]));
  });

  it("keeps invitations from every tenant transaction, the platform tenant's own included, until it enters cross-tenant", async () => {
    const plain = await withTenant(t.db, PLATFORM_TENANT_ID, async (tx) => (await tx.select({ id: tenantInvites.id }).from(tenantInvites)).length);
    expect(plain).toBe(0);
    const written = await withTenant(t.db, PLATFORM_TENANT_ID, (tx) =>
      tx.insert(tenantInvites).values({ title: 'x', companyName: 'x', policyId: policyA, code: 'RLS-SMUGGLED' }),
    ).catch((e: Error & { cause?: Error }) => e.cause?.message);
    expect(written).toMatch(/row-level security/);
  });

  it('shows a tenant its own policy, read-only', async () => {
    const own = await withTenant(t.db, a.tenantId, async (tx) => (await tx.select({ id: tenantPolicies.id }).from(tenantPolicies)).map((r) => r.id));
    expect(own).toEqual([policyA]);
    const raised = await withTenant(t.db, a.tenantId, (tx) =>
      tx.update(tenantPolicies).set({ maxUsers: 1000 }).where(eq(tenantPolicies.id, policyA)).returning({ id: tenantPolicies.id }),
    );
    expect(raised).toEqual([]);
  });

  it('leaves no table with tenant data or secrets open to uc_app: each has policies or grants uc_app nothing', async () => {
    // The platform catalogue and configuration: neither tenant-owned nor secret, read by every tenant.
    const catalogue = ['menus', 'remotes', 'site_settings'];
    const tables = await rowsOf<{ name: string; rls: boolean; policies: number; privileged: boolean }>(
      t.db.execute(sql`
      select c.relname as name, c.relrowsecurity as rls,
        (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies,
        has_table_privilege('uc_app', c.oid, 'SELECT,INSERT,UPDATE,DELETE') as privileged
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`),
    );
    const open = tables.filter((x) => x.privileged && !(x.rls && x.policies > 0) && !catalogue.includes(x.name)).map((x) => x.name);
    expect(open).toEqual([]);
    expect(tables.find((x) => x.name === 'uc_platform_secret')).toMatchObject({ privileged: false });
  });

  it('policies ask uc_cross_tenant() and read each setting once per statement, never the raw app.cross_tenant', async () => {
    const policies = await rowsOf<{ name: string; text: string }>(
      t.db.execute(sql`
      select tablename || '.' || policyname as name, coalesce(qual, '') || ' ' || coalesce(with_check, '') as text from pg_policies where schemaname = 'public'`),
    );
    expect(policies.length).toBeGreaterThanOrEqual(20);
    for (const p of policies) {
      expect({ policy: p.name, rawSetting: /app\.cross_tenant/.test(p.text) }).toEqual({ policy: p.name, rawSetting: false });
      // Every current_setting and uc_cross_tenant call sits in its own (SELECT ...): an init plan, run once.
      const calls = (p.text.match(/current_setting\(|uc_cross_tenant\(/g) ?? []).length;
      const once = (p.text.match(/\( SELECT (\(NULLIF\()?(current_setting\(|uc_cross_tenant\()/g) ?? []).length;
      expect({ policy: p.name, calls, once }).toEqual({ policy: p.name, calls: Math.max(once, 1), once });
    }
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
    await t.db
      .update(tenants)
      .set({ status: 1, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tenants.id, c.tenantId));
    expect(await codes()).toEqual([60, 60, 60, 60]);
    await t.db
      .update(tenants)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(tenants.id, c.tenantId));
    expect(await codes()).toEqual([0, 0, 0, 0]);
  });
});
