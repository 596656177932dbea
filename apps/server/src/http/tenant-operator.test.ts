import { and, eq } from 'drizzle-orm';
import { auditLogs, menus, roleMenus, roles, users } from '../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * X-UC-Tenant: a platform administrator makes the organisation and permission calls inside a tenant
 * (the tenant details tabs, the users of every tenant), in that tenant's scope and with the reach of
 * its own administrator; nobody else can.
 */

let t: TestApp;
let admin: string;
let tenantA: { tenantId: number; deptId: number };
let tenantB: { tenantId: number; deptId: number };
/** The administrator of tenant A, holding the org and role screens. */
let tenantAdmin: string;
/** A platform user holding /org/user but not the tenant screens. */
let platformClerk: string;
let adminRoleOfA: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  tenantA = await createTenant(t.db, { code: 'op-a' });
  tenantB = await createTenant(t.db, { code: 'op-b' });
  const a1 = await createUser(t.db, {
    username: 'op.a.admin',
    tenantId: tenantA.tenantId,
    deptId: tenantA.deptId,
    menuPaths: ['/org/user', '/permission/role'],
    withButtons: true,
  });
  await t.db.update(roles).set({ isDefaultAdmin: true }).where(eq(roles.key, 'role_op.a.admin'));
  adminRoleOfA = (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'role_op.a.admin')))[0]!.id;
  tenantAdmin = await tokenFor(t.db, tenantA.tenantId, a1);
  await createUser(t.db, { username: 'op.b.user', tenantId: tenantB.tenantId, deptId: tenantB.deptId });
  const clerk = await createUser(t.db, { username: 'op.clerk', menuPaths: ['/org/user'], withButtons: true });
  platformClerk = await tokenFor(t.db, 1, clerk);
});
afterAll(() => t.close());

const inTenant = (tenantId: number | string, token = admin) => ({ ...auth(token), 'x-uc-tenant': String(tenantId) });
const list = (tenantId: number | string, token = admin) => t.app.inject({ url: '/user/admin/member/list', headers: inTenant(tenantId, token) });

it("lists the tenant's users, and only theirs", async () => {
  const res = await list(tenantA.tenantId);
  expect(res.json().code).toBe(0);
  expect((res.json().data.list as { username: string }[]).map((u) => u.username)).toEqual(['op.a.admin']);
  const b = await list(tenantB.tenantId);
  expect((b.json().data.list as { username: string }[]).map((u) => u.username)).toEqual(['op.b.user']);
});

it('creates a user in the tenant, audited there under the platform administrator', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/user/admin/member/edit',
    headers: inTenant(tenantA.tenantId),
    payload: { username: 'op.a.made', password: 'user-password-1', realName: 'Made', mobile: '13900000777', deptId: tenantA.deptId },
  });
  expect(res.json().code).toBe(0);
  const [made] = await t.db.select({ tenantId: users.tenantId }).from(users).where(eq(users.username, 'op.a.made'));
  expect(made!.tenantId).toBe(tenantA.tenantId);
  const audit = await t.db
    .select({ username: auditLogs.username })
    .from(auditLogs)
    .where(and(eq(auditLogs.tenantId, tenantA.tenantId), eq(auditLogs.action, '/user/admin/member/edit')));
  expect(audit).toEqual([{ username: 'admin' }]);
});

it("grants a tenant's role only what the tenant's administrator holds", async () => {
  const made = await t.app.inject({
    method: 'POST',
    url: '/user/admin/role/edit',
    headers: inTenant(tenantA.tenantId),
    payload: { name: 'Clerks', key: 'clerks', dataScope: 1 },
  });
  expect(made.json().code).toBe(0);
  const roleId = made.json().data.id as number;
  const [orgUser] = await t.db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/org/user'));
  const [invite] = await t.db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/tenant/invite'));
  const menusOf = (menuIds: number[]) =>
    t.app.inject({ method: 'POST', url: '/user/admin/role/menus', headers: inTenant(tenantA.tenantId), payload: { id: roleId, menuIds } });
  expect((await menusOf([orgUser!.id])).json().code).toBe(0);
  // The platform's own screens are not the tenant administrator's to grant, so not the operator's either.
  expect((await menusOf([invite!.id])).statusCode).toBe(403);
  const held = await t.db.select({ menuId: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId));
  expect(held.map((h) => h.menuId)).toEqual([orgUser!.id]);
  expect(adminRoleOfA).toBeGreaterThan(0);
});

it("refuses the header from a tenant's own users, whatever their roles", async () => {
  const res = await list(tenantB.tenantId, tenantAdmin);
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe('Only the platform administrators act inside other tenants: leave out the X-UC-Tenant header');
  // Their own tenant named: the same as no header.
  expect((await list(tenantA.tenantId, tenantAdmin)).json().code).toBe(0);
});

it('refuses platform users who may not open tenant details', async () => {
  const res = await list(tenantA.tenantId, platformClerk);
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe('You do not have permission to call /user/admin/tenant/view: ask an administrator to grant it to your role');
});

it('refuses a bad header, a missing tenant, and calls that are not for tenants', async () => {
  expect((await list('abc')).statusCode).toBe(400);
  expect((await list('0')).statusCode).toBe(400);
  const missing = await list(987654);
  expect(missing.statusCode).toBe(404);
  const info = await t.app.inject({ url: '/user/admin/member/info', headers: inTenant(tenantA.tenantId) });
  expect(info.statusCode).toBe(400);
  expect(info.json().message).toBe('This call cannot be made inside another tenant: leave out the X-UC-Tenant header');
  const invite = await t.app.inject({ url: '/user/admin/tenant/invite/list', headers: inTenant(tenantA.tenantId) });
  expect(invite.statusCode).toBe(400);
});

it('refuses the header without a session like any signed-in call (61)', async () => {
  const res = await t.app.inject({ url: '/user/admin/member/list', headers: { 'x-uc-tenant': String(tenantA.tenantId) } });
  expect(res.json().code).toBe(61);
});
