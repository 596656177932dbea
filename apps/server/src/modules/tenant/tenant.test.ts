import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TENANT_CALLS, type TenantEditResult, type TenantRow, type TenantUserRow } from '@uc/contracts';
import { MENU_SEED, type MenuSeed } from '../../db/seed-menus';
import { depts, menus, notices, posts, roleDepts, roleMenus, roles, sessions, tenantPolicies, tenants, userRoles, users } from '../../db/schema';
import { PLATFORM_ONLY } from '../../http/route-registrar';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The platform's tenant administration (issue 13): the tenant list and its fields, creation in one
 * transaction, policy changes, disabling, deletion, the rules of the platform tenant, and the users
 * of every tenant; all refused to anyone outside the platform.
 */

let t: TestApp;
let admin: string;
/** A platform user holding /tenant/manage without its buttons: reads, never writes. */
let reader: string;
/** A platform user holding the tenant list with its buttons. */
let clerk: string;
let policyA: number;
let policyB: number;
let retiredPolicy: number;
let menuOf: Record<string, number>;

const rows = async <R>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: R[] }).rows;

beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      await createUser(db, { username: 'tm.reader', menuPaths: ['/tenant/manage'] });
      await createUser(db, { username: 'tm.clerk', menuPaths: ['/tenant/manage'], withButtons: true });
    },
  });
  admin = await t.login();
  reader = await t.login('tm.reader', 'user-password-1');
  clerk = await t.login('tm.clerk', 'user-password-1');
  menuOf = Object.fromEntries((await t.db.select({ id: menus.id, path: menus.path }).from(menus)).filter((m) => m.path).map((m) => [m.path, m.id]));
  const policy = async (title: string, paths: string[], status = 1) => {
    const [p] = await t.db
      .insert(tenantPolicies)
      .values({ title, status, menuIds: paths.map((path) => menuOf[path]!) })
      .returning({ id: tenantPolicies.id });
    return p!.id;
  };
  policyA = await policy('Users only', ['/org/user']);
  policyB = await policy('Departments only', ['/org/dept']);
  retiredPolicy = await policy('Retired', ['/org/user'], 2);
});
afterAll(() => t.close());

const get = (url: string, query: Record<string, string> = {}, token = admin) => t.app.inject({ url, query, headers: auth(token) });
const post = (url: string, payload: object, token = admin) => t.app.inject({ method: 'POST', url, payload, headers: auth(token) });
const create = (payload: object, token = admin) =>
  post('/user/admin/tenant/edit', { name: 'Acme', code: 'acme', policyId: policyA, adminUsername: 'acme.admin', adminRealName: 'Ada Acme', ...payload }, token);
const created = async (payload: object): Promise<TenantEditResult> => {
  const res = await create(payload);
  expect(res.json()).toMatchObject({ code: 0 });
  return res.json().data as TenantEditResult;
};
const view = async (id: number): Promise<TenantRow> => (await get('/user/admin/tenant/view', { id: String(id) })).json().data as TenantRow;
/** The menu paths held by the tenant's default administrator roles. */
const adminMenus = async (tenantId: number): Promise<string[]> => {
  const held = await t.db
    .select({ path: menus.path })
    .from(roleMenus)
    .innerJoin(roles, and(eq(roles.tenantId, roleMenus.tenantId), eq(roles.id, roleMenus.roleId)))
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(and(eq(roleMenus.tenantId, tenantId), eq(roles.isDefaultAdmin, true)));
  return held.map((h) => h.path).sort();
};
const inTenant = (tenantId: number, token = admin) => ({ ...auth(token), 'x-uc-tenant': String(tenantId) });

describe('creating a tenant', () => {
  it('makes the tenant, its top department, the administrator role with the policy menus and the administrator, with a generated password shown once', async () => {
    const made = await created({
      name: 'Globex',
      code: 'globex',
      leader: 'Gina',
      phone: '010-12345678',
      email: 'it@globex.test',
      expiresAt: '2099-12-31',
      remark: 'first customer',
      adminUsername: 'globex.admin',
      adminRealName: 'Gina Globex',
      adminMobile: '13900001301',
    });
    expect(made.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(made.tenant).toMatchObject({
      name: 'Globex',
      code: 'globex',
      leader: 'Gina',
      phone: '010-12345678',
      email: 'it@globex.test',
      policyId: policyA,
      policyTitle: 'Users only',
      status: 1,
      // Through the last day chosen: it ends at the start of the next (UTC).
      expiresAt: '2100-01-01T00:00:00.000Z',
      isPlatform: false,
      adminUsername: 'globex.admin',
      adminRealName: 'Gina Globex',
      userCount: 1,
      deletedUserCount: 0,
      remark: 'first customer',
    });
    const tenantId = made.tenant.id;
    const [dept] = await t.db.select({ id: depts.id, name: depts.name, parentId: depts.parentId }).from(depts).where(eq(depts.tenantId, tenantId));
    expect(dept).toMatchObject({ name: 'Globex', parentId: null });
    const [user] = await t.db.select().from(users).where(eq(users.tenantId, tenantId));
    expect(user).toMatchObject({ username: 'globex.admin', realName: 'Gina Globex', mobile: '13900001301', deptId: dept!.id });
    expect(user!.passwordHash).not.toContain(made.generatedPassword!);
    // The policy's menus (and the directory above them): the one rule of policy-apply.ts.
    expect(await adminMenus(tenantId)).toEqual(['/org', '/org/user']);
    // Shown once: the tenant's view never carries it again.
    expect(JSON.stringify(await view(tenantId))).not.toContain(made.generatedPassword!);

    // The generated password signs in, and the administrator holds what the policy allows.
    const token = await t.login('globex.admin', made.generatedPassword!);
    const info = (await get('/user/admin/member/info', {}, token)).json().data as { tenantId: number; permissions: string[] };
    expect(info.tenantId).toBe(tenantId);
    expect(info.permissions).toContain('/user/admin/member/list');
    expect(info.permissions).not.toContain('/user/admin/dept/edit');
    expect((await get('/user/admin/member/list', {}, token)).json().data.list.map((u: { username: string }) => u.username)).toEqual(['globex.admin']);
  });

  it('takes a typed password, checked by the password policy', async () => {
    const common = await create({ code: 'pw-common', adminUsername: 'pw.common', adminPassword: 'password1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/^This password is among the most commonly used ones/);
    const short = await create({ code: 'pw-short', adminUsername: 'pw.short', adminPassword: 'short' });
    expect(short.json().message).toBe('Administrator password must be at least 8 characters, or empty to generate one');
    const made = await created({ name: 'Initech', code: 'initech', adminUsername: 'initech.admin', adminPassword: 'tps-reports-2026' });
    expect(made.generatedPassword).toBeNull();
    await t.login('initech.admin', 'tps-reports-2026');
  });

  it('leaves nothing behind when the last step (the administrator user) is refused', async () => {
    const counts = async () => ({
      tenants: (await t.db.select().from(tenants)).length,
      depts: (await t.db.select().from(depts)).length,
      roles: (await t.db.select().from(roles)).length,
      roleMenus: (await t.db.select().from(roleMenus)).length,
      users: (await t.db.select().from(users)).length,
    });
    const before = await counts();
    const taken = await create({ name: 'Half Made', code: 'half-made', adminUsername: 'ADMIN' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('The user name "ADMIN" is already taken: choose another');
    expect(await counts()).toEqual(before);
    expect(await t.db.select().from(tenants).where(eq(tenants.code, 'half-made'))).toEqual([]);
    expect(await t.db.select().from(depts).where(eq(depts.name, 'Half Made'))).toEqual([]);
  });

  it('refuses a taken code, a missing or disabled policy, a past expiry and a missing administrator, naming the field', async () => {
    const dup = await create({ code: 'globex', adminUsername: 'dup.admin' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This tenant code is already used: choose another');
    expect((await create({ code: 'no-policy', policyId: null })).json().message).toBe('Choose the tenant policy the tenant runs under');
    expect((await create({ code: 'gone-policy', policyId: 999_999 })).json().message).toMatch(/^The tenant policy does not exist/);
    expect((await create({ code: 'old-policy', policyId: retiredPolicy })).json().message).toMatch(/^The tenant policy is disabled/);
    expect((await create({ code: 'past', expiresAt: '2020-01-31' })).json().message).toMatch(/^The licence would already have ended on 2020-01-31/);
    expect((await create({ code: 'bad date', expiresAt: '31/12/2099' })).statusCode).toBe(400);
    const noAdmin = await post('/user/admin/tenant/edit', { name: 'Lonely', code: 'lonely', policyId: policyA });
    expect(noAdmin.statusCode).toBe(400);
    expect(noAdmin.json().message).toMatch(/Administrator user name is required/);
    expect((await create({ code: 'x' })).json().message).toBe('Tenant code must be 2 to 32 letters, digits, _ or -');
    expect((await create({ name: ' ', code: 'blank' })).json().message).toBe('Tenant name cannot be empty');
  });
});

describe('the tenant list', () => {
  it('shows every field, the platform too, and filters by status, policy and keyword', async () => {
    const list = (await get('/user/admin/tenant/list', { pageSize: '100' })).json().data as { list: TenantRow[]; total: number };
    const platform = list.list.find((r) => r.isPlatform)!;
    expect(platform).toMatchObject({
      id: 1,
      code: 'platform',
      adminUsername: 'admin',
      adminRealName: '管理员',
      policyId: null,
      policyTitle: '',
      expiresAt: null,
    });
    expect(platform.userCount).toBeGreaterThanOrEqual(3);
    const globex = list.list.find((r) => r.code === 'globex')!;
    expect(Object.keys(globex).sort()).toEqual(
      [
        'id',
        'name',
        'code',
        'leader',
        'adminUserId',
        'adminUsername',
        'adminRealName',
        'phone',
        'email',
        'policyId',
        'policyTitle',
        'status',
        'expiresAt',
        'isPlatform',
        'userCount',
        'deletedUserCount',
        'remark',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    // Newest first.
    expect(list.list.map((r) => r.createdAt)).toEqual([...list.list.map((r) => r.createdAt)].sort().reverse());
    const byKeyword = (await get('/user/admin/tenant/list', { filter: JSON.stringify([['keyword', 'globex']]) })).json().data.list as TenantRow[];
    expect(byKeyword.map((r) => r.code)).toEqual(['globex']);
    const byPolicy = (await get('/user/admin/tenant/list', { filter: JSON.stringify([['policyId', '=', policyA]]), pageSize: '100' })).json().data
      .list as TenantRow[];
    expect(byPolicy.length).toBeGreaterThanOrEqual(2);
    expect(byPolicy.every((r) => r.policyId === policyA)).toBe(true);
    const sorted = ((await get('/user/admin/tenant/list', { sort: 'code', pageSize: '100' })).json().data.list as TenantRow[]).map((r) => r.code);
    expect(sorted.filter((c) => ['globex', 'initech', 'platform'].includes(c))).toEqual(['globex', 'initech', 'platform']);
    expect((await get('/user/admin/tenant/list', { filter: JSON.stringify([['adminPassword', '=', 'x']]) })).statusCode).toBe(400);
    const options = (await get('/user/admin/tenant/option')).json().data.list as { isPlatform: boolean }[];
    expect(options[0]!.isPlatform).toBe(true);
  });

  it('gives reads to the page and writes to its buttons only', async () => {
    expect((await get('/user/admin/tenant/list', {}, reader)).statusCode).toBe(200);
    expect((await get('/user/admin/tenant/view', { id: '1' }, reader)).statusCode).toBe(200);
    expect((await create({ code: 'by-reader', adminUsername: 'by.reader' }, reader)).statusCode).toBe(403);
    expect((await create({ code: 'by-clerk', adminUsername: 'by.clerk' }, clerk)).json().code).toBe(0);
    expect((await get('/user/admin/tenant/view', { id: '987654' })).statusCode).toBe(404);
  });
});

describe('editing a tenant', () => {
  it("updates the tenant's own fields and applies a new policy at once: the administrator's next call is refused what it lost", async () => {
    const made = await created({ name: 'Umbrella', code: 'umbrella', adminUsername: 'umbrella.admin', adminPassword: 'umbrella-pass-1' });
    const token = await t.login('umbrella.admin', 'umbrella-pass-1');
    expect((await get('/user/admin/member/list', {}, token)).statusCode).toBe(200);
    const res = await post('/user/admin/tenant/edit', {
      id: made.tenant.id,
      name: 'Umbrella Corp',
      code: 'umbrella',
      leader: 'Albert',
      policyId: policyB,
      expiresAt: null,
      // Ignored on update: users are managed inside the tenant.
      adminUsername: 'ignored',
    });
    expect(res.json().data.tenant).toMatchObject({ name: 'Umbrella Corp', leader: 'Albert', policyId: policyB, policyTitle: 'Departments only' });
    expect(res.json().data.generatedPassword).toBeNull();
    expect(await adminMenus(made.tenant.id)).toEqual(['/org', '/org/dept']);
    const refused = await get('/user/admin/member/list', {}, token);
    expect(refused.statusCode).toBe(403);
    expect((await get('/user/admin/dept/list', {}, token)).statusCode).toBe(200);
    // A policy disabled since is kept when unchanged, but none can be newly chosen.
    const onRetired = await post('/user/admin/tenant/edit', { id: made.tenant.id, name: 'Umbrella Corp', code: 'umbrella', policyId: retiredPolicy });
    expect(onRetired.json().message).toMatch(/^The tenant policy is disabled/);
  });

  it('keeps the platform tenant enabled, without expiry or policy, and never deletes it', async () => {
    const edit = (over: object) => post('/user/admin/tenant/edit', { id: 1, name: '平台', code: 'platform', policyId: null, ...over });
    expect((await edit({ remark: 'ours' })).json().data.tenant).toMatchObject({ remark: 'ours', isPlatform: true });
    expect((await edit({ status: 2 })).json().message).toBe('The platform tenant cannot be disabled: its administrators run the console for every tenant');
    expect((await edit({ expiresAt: '2099-01-01' })).json().message).toBe('The platform tenant never expires: leave the expiry empty');
    expect((await edit({ policyId: policyA })).json().message).toMatch(/^The platform tenant runs under no policy/);
    const status = await post('/user/admin/tenant/status', { id: 1, status: 2 });
    expect(status.statusCode).toBe(409);
    expect(status.json().message).toBe('The platform tenant cannot be disabled: its administrators run the console for every tenant');
    const del = await post('/user/admin/tenant/delete', { id: 1 });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('The platform tenant cannot be deleted: it is the one that administers every tenant');
    expect((await get('/user/admin/member/info')).json().code).toBe(0);
  });
});

describe('disabling a tenant', () => {
  it("ends its users' sessions at once: their next call gets 61; enabling lets them sign in again", async () => {
    const made = await created({ name: 'Hooli', code: 'hooli', adminUsername: 'hooli.admin', adminPassword: 'hooli-pass-2026' });
    const token = await t.login('hooli.admin', 'hooli-pass-2026');
    expect((await get('/user/admin/member/info', {}, token)).json().code).toBe(0);
    expect((await post('/user/admin/tenant/status', { id: made.tenant.id, status: 2 })).json()).toMatchObject({ code: 0 });
    expect((await get('/user/admin/member/info', {}, token)).json().code).toBe(61);
    const open = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tenantId, made.tenant.id), sql`${sessions.revokedAt} is null`));
    expect(open).toEqual([]);
    expect((await view(made.tenant.id)).status).toBe(2);
    expect((await post('/user/admin/tenant/status', { id: made.tenant.id, status: 1 })).json().code).toBe(0);
    await t.login('hooli.admin', 'hooli-pass-2026');
  });
});

describe('deleting a tenant', () => {
  it('is refused while it has users, live or in the recycle bin, then takes everything of the tenant with it', async () => {
    const made = await created({ name: 'Soylent', code: 'soylent', adminUsername: 'soylent.admin', adminPassword: 'soylent-pass-1' });
    const tenantId = made.tenant.id;
    const adminId = made.tenant.adminUserId!;
    // Records of every kind a tenant has: a post, a sub-department, a custom-scope role, a notice, logs.
    await t.login('soylent.admin', 'soylent-pass-1');
    const [top] = await t.db.select({ id: depts.id }).from(depts).where(eq(depts.tenantId, tenantId));
    const [sub] = await t.db.insert(depts).values({ tenantId, parentId: top!.id, name: 'Kitchen' }).returning({ id: depts.id });
    await t.db.insert(posts).values({ tenantId, name: 'Cook' });
    const [role] = await t.db.insert(roles).values({ tenantId, name: 'Cooks', key: 'cooks', dataScope: 4 }).returning({ id: roles.id });
    await t.db.insert(roleDepts).values({ tenantId, roleId: role!.id, deptId: sub!.id });
    await t.db.insert(notices).values({ tenantId, title: 'Hello', content: 'All hands' });

    const refused = await post('/user/admin/tenant/delete', { id: tenantId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The tenant "Soylent" still has users (1 active, 0 in the recycle bin): delete them and empty its recycle bin in the tenant\'s details first, then delete the tenant',
    );
    const act = (url: string) => t.app.inject({ method: 'POST', url, headers: inTenant(tenantId), payload: { id: adminId } });
    expect((await act('/user/admin/member/delete')).json().code).toBe(0);
    expect((await view(tenantId)).deletedUserCount).toBe(1);
    expect((await post('/user/admin/tenant/delete', { id: tenantId })).json().message).toMatch(/\(0 active, 1 in the recycle bin\)/);
    expect((await act('/user/admin/member/purge')).json().code).toBe(0);

    expect((await post('/user/admin/tenant/delete', { id: tenantId })).json()).toMatchObject({ code: 0 });
    expect(await t.db.select().from(tenants).where(eq(tenants.id, tenantId))).toEqual([]);
    // Every table holding tenant rows (found by its tenant_id column, so a new one is checked too) is
    // empty of this tenant's; auth_epochs keeps its counter (a tenant id is never reused).
    const tables = await rows<{ table_name: string }>(sql`
      select c.table_name from information_schema.columns c join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.column_name = 'tenant_id' and c.table_name <> 'auth_epochs'`);
    expect(tables.length).toBeGreaterThan(15);
    const left: string[] = [];
    for (const { table_name } of tables) {
      const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table_name)} where tenant_id = ${tenantId}`);
      if (Number(n!.n) > 0) left.push(table_name);
    }
    expect(left).toEqual([]);
    expect((await post('/user/admin/tenant/delete', { id: tenantId })).statusCode).toBe(404);
  });

  it('is refused for the default tenant of a policy', async () => {
    const tenant = await createTenant(t.db, { code: 'tm-default' });
    const [p] = await t.db
      .insert(tenantPolicies)
      .values({ title: 'Joiners', tenantSetting: 2, defaultTenantId: tenant.tenantId })
      .returning({ id: tenantPolicies.id });
    const res = await post('/user/admin/tenant/delete', { id: tenant.tenantId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/is the default tenant of the policy "Joiners"/);
    await t.db.delete(tenantPolicies).where(eq(tenantPolicies.id, p!.id));
  });
});

describe('the users of every tenant', () => {
  let tenantA: { tenantId: number; deptId: number };
  let tenantB: { tenantId: number; deptId: number };
  beforeAll(async () => {
    tenantA = await createTenant(t.db, { code: 'tu-a' });
    tenantB = await createTenant(t.db, { code: 'tu-b' });
    await createUser(t.db, { username: 'tu.a.one', tenantId: tenantA.tenantId, deptId: tenantA.deptId, realName: 'A One' });
    await createUser(t.db, { username: 'tu.b.one', tenantId: tenantB.tenantId, deptId: tenantB.deptId });
    const gone = await createUser(t.db, { username: 'tu.b.gone', tenantId: tenantB.tenantId });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone));
  });
  const names = (list: TenantUserRow[]) => list.map((u) => u.username);

  it('lists users across tenants with their tenant, and filters by tenant', async () => {
    const all = (await get('/user/admin/tenant/user/list', { pageSize: '100' })).json().data as { list: TenantUserRow[] };
    expect(names(all.list)).toEqual(expect.arrayContaining(['admin', 'tu.a.one', 'tu.b.one']));
    expect(names(all.list)).not.toContain('tu.b.gone');
    expect(all.list.find((u) => u.username === 'tu.a.one')).toMatchObject({
      tenantId: tenantA.tenantId,
      tenantName: 'Tenant tu-a',
      realName: 'A One',
      deptName: 'Root tu-a',
    });
    expect(all.list.find((u) => u.username === 'admin')).toMatchObject({ tenantId: 1, tenantName: '平台' });
    // Newest first across tenants.
    expect(all.list.map((u) => u.id)).toEqual([...all.list.map((u) => u.id)].sort((a, b) => b - a));
    const onlyB = (await get('/user/admin/tenant/user/list', { filter: JSON.stringify([['tenantId', '=', tenantB.tenantId]]) })).json().data.list;
    expect(names(onlyB)).toEqual(['tu.b.one']);
    const keyword = (await get('/user/admin/tenant/user/list', { filter: JSON.stringify([['keyword', 'tu.a']]) })).json().data.list;
    expect(names(keyword)).toEqual(['tu.a.one']);
    const recycle = (await get('/user/admin/tenant/user/recycle', { pageSize: '100' })).json().data.list as TenantUserRow[];
    expect(recycle.find((u) => u.username === 'tu.b.gone')).toMatchObject({ tenantId: tenantB.tenantId, tenantName: 'Tenant tu-b' });
    expect(names(recycle)).not.toContain('tu.b.one');
  });

  it("lets the platform administrator act on a tenant's users through X-UC-Tenant, and no tenant's administrator", async () => {
    const listA = await t.app.inject({ url: '/user/admin/member/list', headers: inTenant(tenantA.tenantId) });
    expect(names(listA.json().data.list)).toEqual(['tu.a.one']);
    const one = listA.json().data.list[0] as TenantUserRow;
    const edit = await t.app.inject({
      method: 'POST',
      url: '/user/admin/member/edit',
      headers: inTenant(tenantA.tenantId),
      payload: { id: one.id, username: 'tu.a.one', realName: 'A One (renamed)', mobile: '13900001399', deptId: tenantA.deptId },
    });
    expect(edit.json()).toMatchObject({ code: 0, data: { realName: 'A One (renamed)' } });
    // A tenant's administrator sending the header: refused, whatever the tenant named.
    const made = await created({ name: 'Wayne', code: 'wayne', adminUsername: 'wayne.admin', adminPassword: 'wayne-pass-2026' });
    const outsider = await t.login('wayne.admin', 'wayne-pass-2026');
    const res = await t.app.inject({ url: '/user/admin/member/list', headers: inTenant(tenantA.tenantId, outsider) });
    expect(res.statusCode).toBe(403);
    expect(made.tenant.id).toBeGreaterThan(0);
  });
});

describe('outside the platform', () => {
  it("answers 403 to a tenant's administrator on every tenant call, whatever their roles hold", async () => {
    const other = await createTenant(t.db, { code: 'tm-outside' });
    const user = await createUser(t.db, {
      username: 'tm.outsider',
      tenantId: other.tenantId,
      menuPaths: ['/tenant/manage', '/tenant/details/:id', '/tenant/user/list', '/tenant/user/recycle'],
      withButtons: true,
    });
    await t.db.update(roles).set({ isDefaultAdmin: true }).where(eq(roles.key, 'role_tm.outsider'));
    const token = await tokenFor(t.db, other.tenantId, user);
    expect(TENANT_CALLS.length).toBe(8);
    for (const call of TENANT_CALLS) {
      const res =
        call.method === 'GET'
          ? await t.app.inject({ url: call.path, query: { id: String(other.tenantId) }, headers: auth(token) })
          : await t.app.inject({ method: 'POST', url: call.path, payload: { id: other.tenantId, status: 1 }, headers: auth(token) });
      expect({ path: call.path, status: res.statusCode, message: res.json().message }).toEqual({ path: call.path, status: 403, message: PLATFORM_ONLY });
    }
  });
});

describe('migration 0026 (databases seeded before the tenant screens)', () => {
  const seeded = (path: string): MenuSeed => {
    const find = (items: readonly MenuSeed[]): MenuSeed | undefined => {
      for (const m of items) {
        if (m.path === path) return m;
        const below = find(m.children ?? []);
        if (below) return below;
      }
      return undefined;
    };
    return find(MENU_SEED)!;
  };
  const perms = (m: MenuSeed) => (m.permissions ?? []).map((c) => c.path).join(',');

  it('gives the four menus the permissions and buttons of the seed, the buttons to the roles holding them, once', async () => {
    const paths = ['/tenant/manage', '/tenant/details/:id', '/tenant/user/list', '/tenant/user/recycle'];
    const ids = paths.map((p) => menuOf[p]!);
    await t.db.delete(menus).where(inArray(menus.parentId, ids));
    await t.db.update(menus).set({ permissions: '' }).where(inArray(menus.id, ids));
    await t.db
      .update(menus)
      .set({ permissions: '/user/admin/member/recycle/list,/user/admin/member/restore' })
      .where(eq(menus.id, menuOf['/tenant/user/recycle']!));
    const holder = await createUser(t.db, { username: 'tm.old', menuPaths: ['/tenant/manage'] });
    const migration = readFileSync(join(process.cwd(), 'drizzle', '0026_tenant_manage.sql'), 'utf8').split('--> statement-breakpoint');
    const migrate = async () => {
      for (const statement of migration) await t.db.execute(sql.raw(statement));
    };
    await migrate();
    for (const path of paths) {
      const m = seeded(path);
      const [page] = await t.db.select({ permissions: menus.permissions }).from(menus).where(eq(menus.id, menuOf[path]!));
      expect({ path, permissions: page!.permissions }).toEqual({ path, permissions: perms(m) });
      const buttons = await t.db
        .select({ name: menus.name, locale: menus.locale, permissions: menus.permissions })
        .from(menus)
        .where(eq(menus.parentId, menuOf[path]!))
        .orderBy(menus.sort);
      expect(buttons).toEqual((m.children ?? []).map((b) => ({ name: b.name, locale: b.locale, permissions: perms(b) })));
    }
    const granted = await rows<{ n: number }>(sql`
      select count(*)::int as n from role_menus rm join user_roles ur on ur.role_id = rm.role_id and ur.tenant_id = rm.tenant_id
      join menus m on m.id = rm.menu_id where ur.user_id = ${holder} and m.parent_id = ${menuOf['/tenant/manage']!}`);
    expect(Number(granted[0]!.n)).toBe(seeded('/tenant/manage').children!.length);
    await migrate();
    expect(await t.db.select().from(menus).where(inArray(menus.parentId, ids))).toHaveLength(
      paths.map((p) => seeded(p).children?.length ?? 0).reduce((a, b) => a + b, 0),
    );
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, holder))).toHaveLength(1);
  });
});
