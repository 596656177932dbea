import { and, eq } from 'drizzle-orm';
import { depts, menus, roleDepts, roleMenus, roles, userRoles, users } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Tenant tree: root > A > A1, and root > B. One member in each department; callers sit in A.
 */
let t: TestApp;
let tenantId: number;
let dept: Record<'root' | 'a' | 'a1' | 'b', number>;
let listMenu: number;
beforeAll(async () => {
  t = await createTestApp();
  const tenant = await createTenant(t.db, { code: 'scope' });
  tenantId = tenant.tenantId;
  const add = async (name: string, parentId: number) => (await t.db.insert(depts).values({ tenantId, name, parentId }).returning({ id: depts.id }))[0]!.id;
  const a = await add('A', tenant.deptId);
  dept = { root: tenant.deptId, a, a1: await add('A1', a), b: await add('B', tenant.deptId) };
  for (const [name, deptId] of Object.entries(dept)) await createUser(t.db, { username: `in.${name}`, tenantId, deptId });
  listMenu = (await t.db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/org/user')))[0]!.id;
});
afterAll(() => t.close());

/** A caller in department A with one role per given scope (custom scope: department B). */
async function caller(name: string, scopes: number[]): Promise<string> {
  const userId = await createUser(t.db, { username: name, tenantId, deptId: dept.a });
  for (const [i, scope] of scopes.entries()) {
    const [role] = await t.db
      .insert(roles)
      .values({ tenantId, name: `${name}-${i}`, key: `${name}-${i}`, dataScope: scope })
      .returning({ id: roles.id });
    await t.db.insert(userRoles).values({ tenantId, userId, roleId: role!.id });
    await t.db.insert(roleMenus).values({ tenantId, roleId: role!.id, menuId: listMenu });
    if (scope === 4) await t.db.insert(roleDepts).values({ tenantId, roleId: role!.id, deptId: dept.b });
  }
  return tokenFor(t.db, tenantId, userId);
}

const visible = async (token: string) => {
  const res = await t.app.inject({ url: '/user/admin/member/list', query: { pageSize: '100', sort: 'username' }, headers: auth(token) });
  return (res.json().data.list as { username: string }[]).map((u) => u.username).filter((u) => u.startsWith('in.') || u.startsWith('c.'));
};

describe('data scope of the member list', () => {
  it.each<[string, number[], string[]]>([
    ['1 all', [1], ['c.all', 'in.a', 'in.a1', 'in.b', 'in.root']],
    ['2 own department', [2], ['c.own', 'in.a']],
    ['3 department and below', [3], ['c.below', 'in.a', 'in.a1']],
    ['4 custom departments', [4], ['c.custom', 'in.b']],
    ['5 self only', [5], ['c.self']],
    ['several roles: the union (2 + 4)', [2, 4], ['c.union', 'in.a', 'in.b']],
    ['several roles: any 1 means all', [5, 1], ['c.anyall', 'in.a', 'in.a1', 'in.b', 'in.root']],
  ])('%s', async (_name, scopes, expected) => {
    const name = `c.${{ '1': 'all', '2': 'own', '3': 'below', '4': 'custom', '5': 'self', '2,4': 'union', '5,1': 'anyall' }[scopes.join(',')]}`;
    const token = await caller(name, scopes);
    // Callers made by earlier cases sit in A too; only this one is expected among them.
    const seen = (await visible(token)).filter((u) => u.startsWith('in.') || u === name);
    expect(seen).toEqual(expected);
  });

  it('treats a user outside the scope as absent for force logout', async () => {
    const token = await caller('c.self2', [5]);
    const [target] = await t.db.select().from(users).where(eq(users.username, 'in.b'));
    await t.db.insert(roleMenus).select(
      t.db
        .select({ tenantId: roleMenus.tenantId, roleId: roleMenus.roleId, menuId: menus.id })
        .from(roleMenus)
        .innerJoin(menus, eq(menus.permissions, '/user/admin/member/forceLogout'))
        .innerJoin(roles, and(eq(roles.tenantId, roleMenus.tenantId), eq(roles.id, roleMenus.roleId)))
        .where(eq(roles.key, 'c.self2-0')),
    );
    const res = await t.app.inject({ method: 'POST', url: '/user/admin/member/forceLogout', payload: { id: target!.id }, headers: auth(token) });
    expect(res.statusCode).toBe(404);
  });
});

describe('permission changes', () => {
  it('apply on the next request, not at the next sign-in', async () => {
    const userId = await createUser(t.db, { username: 'c.changing', tenantId, deptId: dept.a, menuPaths: [] });
    const token = await tokenFor(t.db, tenantId, userId);
    const call = async () => (await t.app.inject({ url: '/user/admin/member/list', headers: auth(token) })).statusCode;
    expect(await call()).toBe(403);
    const [role] = await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
    await t.db.insert(roleMenus).values({ tenantId, roleId: role!.id, menuId: listMenu });
    expect(await call()).toBe(200);
    await t.db.update(roles).set({ status: 2 }).where(eq(roles.id, role!.id));
    expect(await call()).toBe(403);
  });
});
