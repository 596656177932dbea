import { and, eq } from 'drizzle-orm';
import type { MenuGrantNode, RoleNode } from '@uc/contracts';
import { depts, menus, roleMenus, roles, userRoles } from '../../db/schema';
import { auth, createTenant, createUser, serveRemotes } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let keeper: string;
let tenant: { tenantId: number; deptId: number };
let keeperRoleId: number;
let childDept: number;
let otherDept: number;
const menuId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      await serveRemotes(db, { org: ['/org'], permission: ['/permission'], home: ['/home'], tenant: ['/tenant'] });
      tenant = await createTenant(db, { code: 'roles-a' });
      [{ id: childDept }] = (await db
        .insert(depts)
        .values({ tenantId: tenant.tenantId, parentId: tenant.deptId, name: 'Child' })
        .returning({ id: depts.id })) as [{ id: number }];
      [{ id: otherDept }] = (await db.insert(depts).values({ tenantId: tenant.tenantId, name: 'Other' }).returning({ id: depts.id })) as [{ id: number }];
      // The keeper manages roles of their tenant from a role with the own-department scope.
      const keeperId = await createUser(db, {
        username: 'keeper',
        tenantId: tenant.tenantId,
        deptId: tenant.deptId,
        dataScope: 2,
        menuPaths: ['/permission/role', '/org/dept'],
        withButtons: true,
      });
      [{ roleId: keeperRoleId }] = (await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, keeperId))) as [
        { roleId: number },
      ];
      for (const m of await db.select({ id: menus.id, path: menus.path, name: menus.name }).from(menus)) menuId[m.path || m.name] = m.id;
    },
  });
  admin = await t.login();
  keeper = await t.login('keeper', 'user-password-1');
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.app.inject({ url, headers: auth(token) });
const post = (url: string, payload: unknown, token = admin) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });
const ids = (nodes: { id: number; children: unknown[] }[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children as never)]);

describe('roles of the platform tenant (super admin)', () => {
  it('creates a role tree with a custom data scope and shows it in sort order', async () => {
    const parent = (await post('/user/admin/role/edit', { name: 'Ops', key: 'ops', sort: 2 })).json().data.id;
    const child = (await post('/user/admin/role/edit', { name: 'Ops junior', key: 'ops.junior', parentId: parent, dataScope: 4, deptIds: [1] })).json().data.id;
    const early = (await post('/user/admin/role/edit', { name: 'Audit', key: 'audit', sort: 1 })).json().data.id;
    const list = (await get('/user/admin/role/list')).json().data.list as RoleNode[];
    expect(list.map((r) => r.key)).toEqual(['super_admin', 'audit', 'ops']);
    expect(list[2]!.children.map((r) => r.id)).toEqual([child]);
    const view = (await get(`/user/admin/role/view?id=${child}`)).json().data;
    expect(view).toMatchObject({ id: child, parentId: parent, dataScope: 4, deptIds: [1], menuIds: [], isDefaultAdmin: false, status: 1 });
    expect(early).toBeGreaterThan(0);
  });

  it("says 'Role name and permission code cannot be empty'", async () => {
    for (const body of [{ name: '', key: 'k' }, { name: 'n', key: ' ' }, { key: 'k' }]) {
      const res = await post('/user/admin/role/edit', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Role name and permission code cannot be empty');
    }
  });

  it('keeps the permission code unique within a tenant', async () => {
    const res = await post('/user/admin/role/edit', { name: 'Again', key: 'ops' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Permission code ops is used by the role Ops in your tenant: choose another code');
  });

  it("never deletes or disables the tenant's default administrator role", async () => {
    const del = await post('/user/admin/role/delete', { id: 1 });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('超级管理员 is the default administrator role of your tenant and cannot be deleted');
    expect((await post('/user/admin/role/status', { id: 1, status: 2 })).statusCode).toBe(409);
  });

  it('deletes a role only once it has no child roles', async () => {
    const list = (await get('/user/admin/role/list')).json().data.list as RoleNode[];
    const ops = list.find((r) => r.key === 'ops')!;
    expect((await post('/user/admin/role/delete', { id: ops.id })).json().message).toBe('Ops has 1 child role: delete or move it first');
    expect((await post('/user/admin/role/delete', { id: ops.children[0]!.id })).json().code).toBe(0);
    expect((await post('/user/admin/role/delete', { id: ops.id })).json().code).toBe(0);
  });
});

describe('grant only what you hold', () => {
  let junior: number;
  it('lets the keeper create roles only below their own', async () => {
    const top = await post('/user/admin/role/edit', { name: 'Top', key: 'top' }, keeper);
    expect(top.statusCode).toBe(403);
    expect(top.json().message).toBe('Only administrators create top-level roles: choose a parent role below your own');
    const res = await post('/user/admin/role/edit', { name: 'Junior', key: 'junior', parentId: keeperRoleId, dataScope: 2 }, keeper);
    expect(res.json().code).toBe(0);
    junior = res.json().data.id;
    const own = await post('/user/admin/role/edit', { name: 'Mine', key: 'role_keeper', parentId: null }, keeper);
    expect(own.statusCode).toBe(403);
    const mine = await post('/user/admin/role/status', { id: keeperRoleId, status: 2 }, keeper);
    expect(mine.json().message).toMatch(/^You cannot change the role role of keeper: you may change only roles below your own/);
  });

  it("refuses data scopes wider than the keeper's own", async () => {
    const base = { id: junior, name: 'Junior', key: 'junior', parentId: keeperRoleId };
    for (const scope of [1, 3]) {
      const res = await post('/user/admin/role/edit', { ...base, dataScope: scope }, keeper);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot grant a data scope wider than your own: choose a narrower scope or departments within your reach');
    }
    expect((await post('/user/admin/role/edit', { ...base, dataScope: 4, deptIds: [childDept] }, keeper)).statusCode).toBe(403);
    expect((await post('/user/admin/role/edit', { ...base, dataScope: 4, deptIds: [tenant.deptId] }, keeper)).json().code).toBe(0);
    expect((await post('/user/admin/role/edit', { ...base, dataScope: 5 }, keeper)).json().code).toBe(0);
    const tree = (await get('/user/admin/role/dept/tree', keeper)).json().data.list;
    expect(tree).toEqual([
      { id: tenant.deptId, name: 'Root roles-a', grantable: true, children: [{ id: childDept, name: 'Child', grantable: false, children: [] }] },
      { id: otherDept, name: 'Other', grantable: false, children: [] },
    ]);
  });

  it('offers and grants only the menus the keeper holds', async () => {
    const tree = (await get('/user/admin/role/menu/tree', keeper)).json().data.list as MenuGrantNode[];
    expect(tree.map((n) => [n.name, n.grantable])).toEqual([
      ['组织管理', true],
      ['权限管理', true],
    ]);
    expect(ids(tree)).not.toContain(menuId['/org/user']);
    const refused = await post('/user/admin/role/menus', { id: junior, menuIds: [menuId['/org/dept'], menuId['/org/user']] }, keeper);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot grant menus you do not hold yourself: 用户管理; remove them or ask an administrator');
    const ok = await post('/user/admin/role/menus', { id: junior, menuIds: [menuId['/org'], menuId['/org/dept']] }, keeper);
    expect(ok.json().data.menuIds).toEqual([menuId['/org'], menuId['/org/dept']].sort((a, b) => a! - b!));
  });

  it('keeps menus granted from above that the keeper cannot see', async () => {
    // The super admin of the platform cannot reach this tenant's role: the tenant comes from the session.
    expect((await post('/user/admin/role/menus', { id: junior, menuIds: [] })).statusCode).toBe(404);
    await t.db.insert(roleMenus).values({ tenantId: tenant.tenantId, roleId: junior, menuId: menuId['/org/user']! });
    const res = await post('/user/admin/role/menus', { id: junior, menuIds: [menuId['/org/dept']] }, keeper);
    expect(res.json().data.menuIds).toEqual([menuId['/org/user'], menuId['/org/dept']].sort((a, b) => a! - b!));
  });

  it('offers the keeper their own role and the ones below', async () => {
    const list = (await get('/user/admin/role/option', keeper)).json().data.list;
    expect(list).toEqual([
      { id: keeperRoleId, name: 'role of keeper', key: 'role_keeper', children: [{ id: junior, name: 'Junior', key: 'junior', children: [] }] },
    ]);
  });
});

describe('grants take effect on the next request', () => {
  it('follows role menus and status in permissions and in both menus, in sort order without hidden entries', async () => {
    const userId = await createUser(t.db, { username: 'grantee', menuPaths: [] });
    const [role] = await t.db
      .select({ id: roles.id })
      .from(roles)
      .innerJoin(userRoles, and(eq(userRoles.roleId, roles.id), eq(userRoles.tenantId, roles.tenantId)))
      .where(eq(userRoles.userId, userId));
    const token = await t.login('grantee', 'user-password-1');
    const menu = async () => (await get('/user/admin/role/antd/menu', token)).json().data.list as { path: string; children: { path: string }[] }[];
    const paths = async () => (await menu()).flatMap((m) => [m.path, ...m.children.map((c) => c.path)]);
    expect((await get('/user/admin/member/list', token)).statusCode).toBe(403);

    const granted = ['/home/account', '/home/message/:id', '/org/user', '/org/post', '/org'].map((p) => menuId[p]);
    expect((await post('/user/admin/role/menus', { id: role!.id, menuIds: granted })).json().code).toBe(0);
    expect((await get('/user/admin/member/list', token)).statusCode).toBe(200);
    expect(await paths()).toEqual(['/org', '/org/user', '/org/post', '/home', '/home/account']);
    const header = (await get('/user/admin/role/header', token)).json().data.list.map((h: { path: string }) => h.path);
    expect(header).toEqual(['/org', '/home']);

    // Re-ordering and hiding through the menu editor shows on the next request too.
    const post_ = (await get(`/user/admin/menu/view?id=${menuId['/org/post']}`)).json().data;
    await post('/user/admin/menu/edit', { ...post_, sort: 1 });
    const account = (await get(`/user/admin/menu/view?id=${menuId['/home/account']}`)).json().data;
    await post('/user/admin/menu/edit', { ...account, hidden: true });
    // /home now holds only hidden pages for this user: an empty directory is not shown.
    expect(await paths()).toEqual(['/org', '/org/post', '/org/user']);

    expect((await post('/user/admin/role/status', { id: role!.id, status: 2 })).json().code).toBe(0);
    expect((await get('/user/admin/member/list', token)).statusCode).toBe(403);
    expect(await menu()).toEqual([]);
  });
});
