import { and, eq } from 'drizzle-orm';
import type { RoleNode } from '@uc/contracts';
import { roleMenus, roles, userRoles, users } from '../../db/schema';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Issue 26, point 8. Deleting a role that users hold is refused, naming how many hold it and what to do,
 * instead of silently taking it from them. The platform's built-in 超级管理员 role stands for the super
 * administrator (users.is_super_admin): it is offered to nobody and granted to nobody, and the role
 * screen is told it grants everything rather than being shown empty boxes.
 */
let t: TestApp;
let admin: string;
let superRoleId: number;
let tenantAdmin: string;
let tenantAdminRoleId: number;
beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      // A tenant whose administrator (its default administrator role) manages its roles and users.
      const tenant = await createTenant(db, { code: 'holders-b' });
      const userId = await createUser(db, {
        username: 'holders.admin',
        tenantId: tenant.tenantId,
        menuPaths: ['/permission/role', '/org/user'],
        withButtons: true,
      });
      const [own] = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
      await db.update(roles).set({ isDefaultAdmin: true }).where(eq(roles.id, own!.roleId));
      tenantAdminRoleId = own!.roleId;
      tenantAdmin = await tokenFor(db, tenant.tenantId, userId);
    },
  });
  admin = await t.login();
  const [superRole] = await t.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.key, 'super_admin')));
  superRoleId = superRole!.id;
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.app.inject({ url, headers: auth(token) });
const post = (url: string, payload: object, token = admin, lang?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...auth(token), ...(lang ? { 'accept-language': lang } : {}) } });
const flat = (nodes: RoleNode[]): RoleNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
const optionIds = async (token = admin): Promise<number[]> => {
  const walk = (nodes: { id: number; children: unknown[] }[]): number[] => nodes.flatMap((n) => [n.id, ...walk(n.children as never)]);
  return walk((await get('/user/admin/role/option', token)).json().data.list);
};

let n = 0;
const newUser = async (roleIds: number[], token = admin) => {
  n += 1;
  const res = await post(
    '/user/admin/member/edit',
    { username: `holder${n}`, realName: `Holder ${n}`, mobile: `1370000${String(n).padStart(4, '0')}`, password: 'holder-password-1', roleIds },
    token,
  );
  return res;
};

describe('deleting a role that users hold', () => {
  it('is refused while users hold it, with their number and what to do, in either language; the role and their grants stay', async () => {
    const roleId = (await post('/user/admin/role/edit', { name: '运维查看', key: 'ops.view' })).json().data.id as number;
    const a = (await newUser([roleId])).json().data.id as number;
    const b = (await newUser([roleId])).json().data.id as number;
    expect((await get(`/user/admin/role/view?id=${roleId}`)).json().data.userCount).toBe(2);

    const refused = await post('/user/admin/role/delete', { id: roleId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The role 运维查看 is held by 2 users: take it from them on the users page first, or disable the role to suspend what it grants',
    );
    const zh = await post('/user/admin/role/delete', { id: roleId }, admin, 'zh-CN');
    expect(zh.json().message).toBe('角色“运维查看”有 2 位用户拥有，不能删除：请先在用户管理中取消他们的这个角色，或停用该角色以暂停它授予的权限');
    const held = await t.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
    expect(held.map((h) => h.userId).sort((x, y) => x - y)).toEqual([a, b]);

    // A user in the recycle bin does not hold it back: they lose it with the role.
    expect((await post('/user/admin/member/delete', { id: a })).json().code).toBe(0);
    expect((await get(`/user/admin/role/view?id=${roleId}`)).json().data.userCount).toBe(1);
    expect((await post('/user/admin/role/delete', { id: roleId })).json().message).toBe(
      'The role 运维查看 is held by 1 user: take it from them on the users page first, or disable the role to suspend what it grants',
    );

    // Once the last holder no longer has it, the role goes.
    const [holder] = await t.db.select().from(users).where(eq(users.id, b));
    const edit = await post('/user/admin/member/edit', { id: b, username: holder!.username, realName: holder!.realName, mobile: holder!.mobile, roleIds: [] });
    expect(edit.json().code).toBe(0);
    expect((await get(`/user/admin/role/view?id=${roleId}`)).json().data.userCount).toBe(0);
    expect((await post('/user/admin/role/delete', { id: roleId })).json()).toMatchObject({ code: 0 });
    expect(await t.db.select().from(userRoles).where(eq(userRoles.roleId, roleId))).toEqual([]);
  });
});

describe('the platform’s 超级管理员 role', () => {
  it('is marked as the super administrator role in the list and the view, and no other role is', async () => {
    const list = flat((await get('/user/admin/role/list')).json().data.list);
    expect(list.filter((r) => r.isSuperAdmin).map((r) => r.id)).toEqual([superRoleId]);
    expect((await get(`/user/admin/role/view?id=${superRoleId}`)).json().data).toMatchObject({ isSuperAdmin: true, isDefaultAdmin: true, key: 'super_admin' });
  });

  it('is offered to nobody, not even the super administrator, and member/edit refuses to grant it', async () => {
    expect(await optionIds()).not.toContain(superRoleId);
    const other = (await post('/user/admin/role/edit', { name: '审计', key: 'audit.view' })).json().data.id as number;
    expect(await optionIds()).toContain(other);
    const refused = await newUser([superRoleId]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`You may not grant role(s) ${superRoleId}: you can only grant roles you hold yourself`);
    expect(
      await t.db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.roleId, superRoleId))),
    ).toHaveLength(1);
  });

  it('stays the super administrator’s when they save their own record, with it (as their form shows it) or without', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    for (const roleIds of [[superRoleId], []]) {
      const res = await post('/user/admin/member/edit', {
        id: me!.id,
        username: 'admin',
        realName: me!.realName,
        mobile: '13900009999',
        deptId: me!.deptId,
        roleIds,
      });
      expect({ roleIds, body: res.json() }).toMatchObject({ roleIds, body: { code: 0, data: { roles: [{ id: superRoleId }] } } });
    }
    expect((await get('/user/admin/member/info')).json().data.isSuperAdmin).toBe(true);
  });

  it('has no menus to choose: role/menus refuses it, in either language, and changes nothing', async () => {
    const before = await t.db.select().from(roleMenus).where(eq(roleMenus.roleId, superRoleId));
    const res = await post('/user/admin/role/menus', { id: superRoleId, menuIds: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '超级管理员 is the super administrator role: the super administrator holds every permission by their account, so there are no menus to choose for it',
    );
    const zh = await post('/user/admin/role/menus', { id: superRoleId, menuIds: [] }, admin, 'zh-CN');
    expect(zh.json().message).toBe('超级管理员 是超级管理员角色：超级管理员账号本身拥有全部权限，无需为它选择菜单');
    expect(await t.db.select().from(roleMenus).where(eq(roleMenus.roleId, superRoleId))).toEqual(before);
  });

  it("is only the platform's: a tenant's default administrator role is an ordinary role its administrator grants", async () => {
    const list = flat((await get('/user/admin/role/list', tenantAdmin)).json().data.list);
    expect(list.find((r) => r.id === tenantAdminRoleId)).toMatchObject({ isDefaultAdmin: true, isSuperAdmin: false });
    expect(await optionIds(tenantAdmin)).toContain(tenantAdminRoleId);
    const granted = await newUser([tenantAdminRoleId], tenantAdmin);
    expect(granted.json()).toMatchObject({ code: 0, data: { roles: [{ id: tenantAdminRoleId }] } });
  });
});
