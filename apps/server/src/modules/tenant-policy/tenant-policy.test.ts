import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantPolicyInput, TenantPolicyRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import {
  depts,
  menus,
  posts,
  roleDepts,
  roleMenus,
  roles,
  smsOutbox,
  tenantInvites,
  tenantPolicies,
  tenants,
  userPosts,
  userRoles,
  users,
} from '../../db/schema';
import { PLATFORM_ONLY } from '../../http/route-registrar';
import { auth, createTenant, createUser, serveRemotes } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { applyTenantPolicy, narrowScope } from './policy-apply';

let t: TestApp;
let admin: string;
let clerk: string;
let reader: string;
let outsider: string;
let seededDefaultId: number;

beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      // The clerk holds the policy screen and its buttons, the reader only the screen.
      await createUser(db, { username: 'pol.clerk', menuPaths: ['/tenant/policy'], withButtons: true });
      await createUser(db, { username: 'pol.reader', menuPaths: ['/tenant/policy'] });
      // A tenant administrator granted the same menus: not the platform, so still refused.
      const other = await createTenant(db, { code: 'pol-outside' });
      await createUser(db, { username: 'pol.outsider', tenantId: other.tenantId, menuPaths: ['/tenant/policy'], withButtons: true });
      // Side menus show only pages a remote serves.
      await serveRemotes(db, { org: ['/org'] });
    },
  });
  admin = await t.login();
  clerk = await t.login('pol.clerk', 'user-password-1');
  reader = await t.login('pol.reader', 'user-password-1');
  outsider = await t.login('pol.outsider', 'user-password-1');
  const [seeded] = await t.db.select({ id: tenantPolicies.id }).from(tenantPolicies).where(eq(tenantPolicies.isDefault, true));
  seededDefaultId = seeded!.id;
});
afterAll(() => t.close());

type Body = Partial<Omit<TenantPolicyInput, 'id'>> & { id?: number };
const get = (url: string, query: Record<string, string> = {}, token = admin) => t.app.inject({ url, query, headers: auth(token) });
const post = (url: string, payload: object, token = admin) => t.app.inject({ method: 'POST', url, payload, headers: auth(token) });
const save = (payload: Body, token = admin) => post('/user/admin/tenant/policy/edit', { title: 'A policy', ...payload }, token);
const saved = async (payload: Body): Promise<TenantPolicyRow> => {
  const res = await save(payload);
  expect(res.json()).toMatchObject({ code: 0 });
  return res.json().data as TenantPolicyRow;
};
const view = async (id: number) => (await get('/user/admin/tenant/policy/view', { id: String(id) })).json().data as TenantPolicyRow;
const makeDefault = async (id: number) => {
  const row = await view(id);
  return saved({ ...editable(row), isDefault: true });
};
/** The edit body of a row (what the drawer sends back). */
const editable = (row: TenantPolicyRow): Body => {
  const { defaultTenantName: _n, tenantCount: _c, createdAt: _a, updatedAt: _u, ...rest } = row;
  return rest as Body;
};

const menuId = async (path: string) => (await t.db.select({ id: menus.id }).from(menus).where(eq(menus.path, path)))[0]!.id;
const buttonsOf = async (path: string) =>
  (
    await t.db
      .select({ id: menus.id })
      .from(menus)
      .where(eq(menus.parentId, await menuId(path)))
  ).map((m) => m.id);
const menusOfRole = async (tenantId: number, roleId: number) =>
  (
    await t.db
      .select({ id: roleMenus.menuId })
      .from(roleMenus)
      .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)))
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);
const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** A tenant on the policy with a default administrator role and its user, as tenant creation makes them. */
async function tenantOn(db: Db, code: string, policyId: number) {
  const made = await createTenant(db, { code });
  await db.update(tenants).set({ policyId }).where(eq(tenants.id, made.tenantId));
  const [role] = await db.insert(roles).values({ tenantId: made.tenantId, name: 'Admin', key: 'admin', isDefaultAdmin: true }).returning({ id: roles.id });
  const adminUser = await createUser(db, { username: `${code}.admin`, tenantId: made.tenantId, deptId: made.deptId });
  await db.insert(userRoles).values({ tenantId: made.tenantId, userId: adminUser, roleId: role!.id });
  await applyTenantPolicy(db, made.tenantId);
  return { ...made, adminRoleId: role!.id };
}
const ownRole = async (tenantId: number, username: string) =>
  (
    await t.db
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
      .where(and(eq(userRoles.tenantId, tenantId), eq(users.username, username)))
  )[0]!.id;

describe('tenant policies: records', () => {
  it('creates a policy with every field, and views, lists, updates and switches it', async () => {
    const home = await createTenant(t.db, { code: 'pol-home' });
    const [role] = await t.db.insert(roles).values({ tenantId: home.tenantId, name: 'Member', key: 'member' }).returning({ id: roles.id });
    const [job] = await t.db.insert(posts).values({ tenantId: home.tenantId, name: 'Clerk' }).returning({ id: posts.id });
    const orgUser = await menuId('/org/user');
    const row = await saved({
      title: 'Gold',
      maxUsers: 50,
      maxDepts: 5,
      maxRoles: 6,
      maxPosts: 7,
      maxProjects: 8,
      maxProjectDevices: 9,
      maxProjectScenes: 10,
      maxProducts: 11,
      maxDevices: 12,
      maxDeviceProperties: 13,
      dataRange: 3,
      tenantSetting: 2,
      defaultTenantId: home.tenantId,
      defaultDeptId: home.deptId,
      defaultRoleId: role!.id,
      defaultPostId: job!.id,
      menuIds: [orgUser, orgUser, await menuId('/org')],
      sort: 5,
      status: 1,
      remark: 'For paying customers',
    });
    expect(row).toMatchObject({
      title: 'Gold',
      isDefault: false,
      maxUsers: 50,
      maxDepts: 5,
      maxRoles: 6,
      maxPosts: 7,
      maxProjects: 8,
      maxProjectDevices: 9,
      maxProjectScenes: 10,
      maxProducts: 11,
      maxDevices: 12,
      maxDeviceProperties: 13,
      dataRange: 3,
      tenantSetting: 2,
      defaultTenantId: home.tenantId,
      defaultTenantName: 'Tenant pol-home',
      defaultDeptId: home.deptId,
      defaultRoleId: role!.id,
      defaultPostId: job!.id,
      menuIds: sorted([orgUser, await menuId('/org')]),
      tenantCount: 0,
      sort: 5,
      status: 1,
      remark: 'For paying customers',
    });
    expect(await view(row.id)).toEqual(row);

    // Back to setting 1: the registration defaults go with it.
    const updated = await saved({ ...editable(row), title: 'Gold 2', tenantSetting: 1, maxUsers: 0 });
    expect(updated).toMatchObject({
      id: row.id,
      title: 'Gold 2',
      tenantSetting: 1,
      maxUsers: 0,
      defaultTenantId: null,
      defaultDeptId: null,
      defaultTenantName: '',
    });

    const off = await post('/user/admin/tenant/policy/status', { id: row.id, status: 2 });
    expect(off.json().data).toMatchObject({ id: row.id, status: 2 });
    const options = (await get('/user/admin/tenant/policy/option')).json().data.list as { id: number; isDefault: boolean }[];
    expect(options.map((o) => o.id)).not.toContain(row.id);
    expect(options[0]).toMatchObject({ isDefault: true });

    const list = (await get('/user/admin/tenant/policy/list', { filter: JSON.stringify([['keyword', 'paying']]) })).json().data;
    expect(list.list.map((r: TenantPolicyRow) => r.title)).toEqual(['Gold 2']);
    const bySort = (await get('/user/admin/tenant/policy/list', { sort: '-sort', pageSize: '100' })).json().data.list as TenantPolicyRow[];
    expect(bySort.map((r) => r.sort)).toEqual([...bySort.map((r) => r.sort)].sort((a, b) => b - a));
    const disabled = (await get('/user/admin/tenant/policy/list', { filter: JSON.stringify([['status', '=', 2]]) })).json().data.list as TenantPolicyRow[];
    expect(disabled.map((r) => r.id)).toEqual([row.id]);
    // By default the default policy comes first.
    expect(((await get('/user/admin/tenant/policy/list')).json().data.list as TenantPolicyRow[])[0]).toMatchObject({ isDefault: true });

    expect((await post('/user/admin/tenant/policy/delete', { id: row.id })).json()).toMatchObject({ code: 0, data: null });
    expect((await get('/user/admin/tenant/policy/view', { id: String(row.id) })).statusCode).toBe(404);
    expect((await post('/user/admin/tenant/policy/delete', { id: row.id })).statusCode).toBe(404);
  });

  it('checks counts, ranges, registration defaults and menus, naming the field', async () => {
    const message = async (payload: Body) => (await save(payload)).json().message as string;
    expect(await message({ maxUsers: -1 })).toBe('The most users must be a whole number from 0 to 1000000000 (0 = unlimited)');
    expect(await message({ maxDevices: 1.5 })).toBe('The most devices must be a whole number from 0 to 1000000000 (0 = unlimited)');
    expect(await message({ dataRange: 6 as 1 })).toMatch(/^The data range must be one of 1 \(all\)/);
    expect(await message({ tenantSetting: 3 as 1 })).toMatch(/^Registration must be 1/);
    expect(await message({ title: '' })).toBe('Title cannot be empty');
    expect(await message({ tenantSetting: 2 })).toBe('Choose the tenant that registrants join (tenant setting 2)');
    expect(await message({ tenantSetting: 2, defaultTenantId: 999_999 })).toMatch(/^The tenant does not exist/);
    expect(await message({ tenantSetting: 2, defaultTenantId: 1 })).toMatch(/^Registrants cannot join the platform's own tenant/);
    const a = await createTenant(t.db, { code: 'pol-va' });
    const b = await createTenant(t.db, { code: 'pol-vb' });
    const [roleB] = await t.db.insert(roles).values({ tenantId: b.tenantId, name: 'B role', key: 'b' }).returning({ id: roles.id });
    const [postA] = await t.db.insert(posts).values({ tenantId: a.tenantId, name: 'A post' }).returning({ id: posts.id });
    expect(await message({ tenantSetting: 2, defaultTenantId: a.tenantId })).toBe('Choose the department of Tenant pol-va that registrants join');
    // Another tenant's department and role are not this tenant's.
    const joinA = { tenantSetting: 2 as const, defaultTenantId: a.tenantId, defaultRoleId: roleB!.id, defaultPostId: postA!.id };
    expect(await message({ ...joinA, defaultDeptId: b.deptId })).toBe('Tenant pol-va has no such department: choose one of its departments');
    expect(await message({ ...joinA, defaultDeptId: a.deptId })).toBe('Tenant pol-va has no such role: choose one of its roles');
    expect(await message({ menuIds: [await menuId('/org/user'), 987_654] })).toBe('The menus 987654 do not exist: reload the menu tree and choose again');
    // Nobody allows a tenant what they do not hold themselves.
    const res = await save({ menuIds: [await menuId('/org/user')] }, clerk);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can allow only menus you hold yourself, and not these: 用户管理');
    expect((await save({ title: 'Clerk policy', menuIds: [await menuId('/tenant/policy')] }, clerk)).json()).toMatchObject({ code: 0 });
  });

  it('keeps exactly one default: making one the default clears the other, and the default is never dropped silently', async () => {
    const silver = await saved({ title: 'Silver', isDefault: true });
    expect(silver.isDefault).toBe(true);
    const defaults = await t.db.select({ id: tenantPolicies.id }).from(tenantPolicies).where(eq(tenantPolicies.isDefault, true));
    expect(defaults.map((d) => d.id)).toEqual([silver.id]);

    const unset = await save({ ...editable(silver), isDefault: false });
    expect(unset.statusCode).toBe(409);
    expect(unset.json().message).toBe(
      'Silver is the default policy, which registration without an invitation runs under: to change the default, mark another policy as the default instead',
    );
    expect((await save({ ...editable(silver), status: 2 })).json().message).toMatch(/^The default policy cannot be disabled/);
    expect((await post('/user/admin/tenant/policy/status', { id: silver.id, status: 2 })).json().message).toMatch(
      /^Silver is the default policy, which registration without an invitation runs under: make another policy the default before disabling it/,
    );
    const del = await post('/user/admin/tenant/policy/delete', { id: silver.id });
    expect({ status: del.statusCode, message: del.json().message }).toEqual({
      status: 409,
      message: 'Silver is the default policy and cannot be deleted: make another policy the default first',
    });

    await makeDefault(seededDefaultId);
    expect((await view(silver.id)).isDefault).toBe(false);
    expect((await view(seededDefaultId)).isDefault).toBe(true);
    expect((await post('/user/admin/tenant/policy/delete', { id: silver.id })).json().code).toBe(0);
  });

  it('refuses to delete a policy a tenant or an unused invitation uses, naming them; a used invitation does not hold it', async () => {
    const busy = await saved({ title: 'Busy' });
    await tenantOn(t.db, 'pol-busy-1', busy.id);
    await tenantOn(t.db, 'pol-busy-2', busy.id);
    expect((await view(busy.id)).tenantCount).toBe(2);
    const refused = await post('/user/admin/tenant/policy/delete', { id: busy.id });
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
      status: 409,
      message: 'Busy is used by 2 tenant(s): Tenant pol-busy-1, Tenant pol-busy-2: move them to another policy first',
    });

    const crowded = await saved({ title: 'Crowded' });
    for (let i = 1; i <= 7; i++) await tenantOn(t.db, `pol-crowd-${i}`, crowded.id);
    expect((await post('/user/admin/tenant/policy/delete', { id: crowded.id })).json().message).toBe(
      'Crowded is used by 7 tenants, among them Tenant pol-crowd-1, Tenant pol-crowd-2, Tenant pol-crowd-3, Tenant pol-crowd-4, Tenant pol-crowd-5: move them to another policy first',
    );

    const invited = await saved({ title: 'Invited' });
    const [invite] = await t.db
      .insert(tenantInvites)
      .values({ title: 'Spring fair', companyName: 'Acme', policyId: invited.id, code: 'POL-INVITE-1' })
      .returning({ id: tenantInvites.id });
    expect((await post('/user/admin/tenant/policy/delete', { id: invited.id })).json().message).toBe(
      'Invited is used by 1 unused invitation(s): Spring fair: delete them or give them another policy first',
    );
    // Once used, the invitation is only the record of who registered: the policy can go, the record stays.
    await t.db.update(tenantInvites).set({ used: true, usedUsername: 'someone' }).where(eq(tenantInvites.id, invite!.id));
    expect((await post('/user/admin/tenant/policy/delete', { id: invited.id })).json().code).toBe(0);
    const record = (await get('/user/admin/tenant/invite/view', { id: String(invite!.id) })).json().data;
    expect(record).toMatchObject({ policyId: invited.id, policyTitle: '', used: true });
  });
});

describe('tenant policies: applied to their tenants', () => {
  it('a menu change reaches every tenant on the policy, and the next request of a signed-in user is refused what it took away', async () => {
    const org = await menuId('/org');
    const orgUser = await menuId('/org/user');
    const orgDept = await menuId('/org/dept');
    const orgPost = await menuId('/org/post');
    const userButtons = await buttonsOf('/org/user');
    const policy = await saved({ title: 'Reach', menuIds: [orgUser, ...userButtons, orgDept] });
    const a = await tenantOn(t.db, 'pol-reach-a', policy.id);
    const b = await tenantOn(t.db, 'pol-reach-b', policy.id);
    // The directory above the allowed pages comes with them.
    expect(await menusOfRole(a.tenantId, a.adminRoleId)).toEqual(sorted([org, orgUser, ...userButtons, orgDept]));
    // Staff of each tenant hold the department screen through a role of their own.
    await createUser(t.db, { username: 'reach.a', tenantId: a.tenantId, deptId: a.deptId, menuPaths: ['/org/dept', '/org/user'] });
    await createUser(t.db, { username: 'reach.b', tenantId: b.tenantId, deptId: b.deptId, menuPaths: ['/org/dept'] });
    const staffA = await t.login('reach.a', 'user-password-1');
    const staffB = await t.login('reach.b', 'user-password-1');
    const adminA = await t.login('pol-reach-a.admin', 'user-password-1');
    // Signed in and served (twice: the second answer comes from the permission cache).
    for (const token of [staffA, staffB, adminA, staffA, staffB, adminA]) expect((await get('/user/admin/dept/list', {}, token)).statusCode).toBe(200);

    // The policy drops the department screen and adds the post screen.
    await saved({ ...editable(await view(policy.id)), menuIds: [orgUser, ...userButtons, orgPost] });
    for (const token of [staffA, staffB, adminA]) {
      const res = await get('/user/admin/dept/list', {}, token);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({
        status: 403,
        message: 'You do not have permission to call /user/admin/dept/list: ask an administrator to grant it to your role',
      });
    }
    // What stays allowed still works; the administrators gain what was added, other roles do not.
    expect((await get('/user/admin/member/list', {}, staffA)).statusCode).toBe(200);
    expect((await get('/user/admin/post/list', {}, adminA)).statusCode).toBe(200);
    expect((await get('/user/admin/post/list', {}, staffA)).statusCode).toBe(403);
    for (const tenant of [a, b]) expect(await menusOfRole(tenant.tenantId, tenant.adminRoleId)).toEqual(sorted([org, orgUser, ...userButtons, orgPost]));
    expect(await menusOfRole(a.tenantId, await ownRole(a.tenantId, 'reach.a'))).toEqual([orgUser]);
    expect(await menusOfRole(b.tenantId, await ownRole(b.tenantId, 'reach.b'))).toEqual([]);
    // The menu the signed-in administrator is shown follows too.
    const nav = (await get('/user/admin/role/antd/menu', {}, adminA)).json();
    expect(nav.code).toBe(0);
    expect(JSON.stringify(nav)).toContain('/org/post');
    expect(JSON.stringify(nav)).not.toContain('/org/dept');
  });

  it('narrows every role scope wider than the data range, and never touches the platform tenant', async () => {
    const policy = await saved({ title: 'Narrow', dataRange: 1 });
    const tenant = await tenantOn(t.db, 'pol-narrow', policy.id);
    const [child] = await t.db.insert(depts).values({ tenantId: tenant.tenantId, name: 'Child', parentId: tenant.deptId }).returning({ id: depts.id });
    const roleWith = async (key: string, dataScope: number) =>
      (await t.db.insert(roles).values({ tenantId: tenant.tenantId, name: key, key, dataScope }).returning({ id: roles.id }))[0]!.id;
    const ids = {
      all: await roleWith('s-all', 1),
      own: await roleWith('s-own', 2),
      below: await roleWith('s-below', 3),
      custom: await roleWith('s-custom', 4),
      self: await roleWith('s-self', 5),
    };
    await t.db.insert(roleDepts).values({ tenantId: tenant.tenantId, roleId: ids.custom, deptId: child!.id });
    const platformRoles = () => t.db.select({ id: roles.id, dataScope: roles.dataScope }).from(roles).where(eq(roles.tenantId, 1)).orderBy(roles.id);
    const platformBefore = await platformRoles();
    const scopes = async () =>
      Object.fromEntries(
        (await t.db.select({ key: roles.key, dataScope: roles.dataScope }).from(roles).where(eq(roles.tenantId, tenant.tenantId))).map((r) => [
          r.key,
          r.dataScope,
        ]),
      );

    await saved({ ...editable(await view(policy.id)), dataRange: 3 });
    expect(await scopes()).toEqual({ admin: 3, 's-all': 3, 's-own': 2, 's-below': 3, 's-custom': 3, 's-self': 5 });
    // The custom role lost its picked departments with its scope.
    expect(await t.db.select().from(roleDepts).where(eq(roleDepts.roleId, ids.custom))).toEqual([]);

    await saved({ ...editable(await view(policy.id)), dataRange: 5 });
    expect(await scopes()).toEqual({ admin: 5, 's-all': 5, 's-own': 5, 's-below': 5, 's-custom': 5, 's-self': 5 });
    // A wider range later widens nothing: it is a ceiling, not a setting.
    await saved({ ...editable(await view(policy.id)), dataRange: 1 });
    expect(await scopes()).toEqual({ admin: 5, 's-all': 5, 's-own': 5, 's-below': 5, 's-custom': 5, 's-self': 5 });
    expect(await platformRoles()).toEqual(platformBefore);
  });

  it('orders data scopes self < own department < department and below < custom < all', () => {
    expect(narrowScope(1, 4)).toBe(4);
    expect(narrowScope(4, 3)).toBe(3);
    expect(narrowScope(3, 4)).toBe(3);
    expect(narrowScope(3, 2)).toBe(2);
    expect(narrowScope(2, 3)).toBe(2);
    expect(narrowScope(5, 2)).toBe(5);
    expect(narrowScope(2, 5)).toBe(5);
  });
});

describe('registration under the default policy', () => {
  let n = 0;
  const newMobile = () => `1370000${String(++n).padStart(4, '0')}`;
  async function register(username: string) {
    const mobile = newMobile();
    const remoteAddress = `10.61.0.${n}`;
    await t.app.inject({ method: 'POST', url: '/admin/admin/sms/send', query: { event: 'register', mobile }, remoteAddress });
    const [sms] = await t.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.mobile, mobile), eq(smsOutbox.event, 'register')))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    const code = /\d{6}/.exec(sms!.body)![0];
    return t.app.inject({
      method: 'POST',
      url: '/user/admin/site/register',
      payload: { username, password: 'a good long passphrase', mobile, code },
      remoteAddress,
    });
  }
  afterAll(async () => {
    await makeDefault(seededDefaultId);
  });

  it('setting 1 creates a tenant with its top department and an administrator role holding the allowed menus within the data range', async () => {
    const org = await menuId('/org');
    const orgUser = await menuId('/org/user');
    const policy = await saved({ title: 'Open sign-up', isDefault: true, menuIds: [orgUser], dataRange: 3 });
    const res = await register('pol.founder');
    expect(res.json()).toMatchObject({ code: 0 });
    const { tenantId, id } = res.json().data as { tenantId: number; id: number };
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.id, tenantId));
    expect(tenant).toMatchObject({ policyId: policy.id, isPlatform: false });
    const [top] = await t.db.select().from(depts).where(eq(depts.tenantId, tenantId));
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    expect(user?.deptId).toBe(top?.id);
    const [role] = await t.db
      .select({ id: roles.id, isDefaultAdmin: roles.isDefaultAdmin, dataScope: roles.dataScope })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, id)));
    expect(role).toMatchObject({ isDefaultAdmin: true, dataScope: 3 });
    expect(await menusOfRole(tenantId, role!.id)).toEqual(sorted([org, orgUser]));
    const token = await t.login('pol.founder', 'a good long passphrase');
    expect((await get('/user/admin/member/list', {}, token)).statusCode).toBe(200);
    expect((await get('/user/admin/dept/list', {}, token)).statusCode).toBe(403);
  });

  it('setting 2 joins the default tenant with its department, role and post; a missing one fails saying what to configure', async () => {
    const home = await createTenant(t.db, { code: 'pol-join' });
    const [role] = await t.db.insert(roles).values({ tenantId: home.tenantId, name: 'Member', key: 'member' }).returning({ id: roles.id });
    const [job] = await t.db.insert(posts).values({ tenantId: home.tenantId, name: 'Newcomer' }).returning({ id: posts.id });
    const policy = await saved({
      title: 'Join us',
      isDefault: true,
      tenantSetting: 2,
      defaultTenantId: home.tenantId,
      defaultDeptId: home.deptId,
      defaultRoleId: role!.id,
      defaultPostId: job!.id,
    });
    const res = await register('pol.joiner');
    expect(res.json()).toMatchObject({ code: 0, data: { tenantId: home.tenantId } });
    const userId = res.json().data.id as number;
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ tenantId: home.tenantId, deptId: home.deptId, postId: job!.id });
    expect(await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).toEqual([{ roleId: role!.id }]);
    expect(await t.db.select({ postId: userPosts.postId }).from(userPosts).where(eq(userPosts.userId, userId))).toEqual([{ postId: job!.id }]);

    // The post is deleted later: registration names what the platform must configure.
    await t.db.delete(userPosts).where(eq(userPosts.postId, job!.id));
    await t.db.update(users).set({ postId: null }).where(eq(users.postId, job!.id));
    await t.db.delete(posts).where(eq(posts.id, job!.id));
    const noPost = await register('pol.nopost');
    expect({ status: noPost.statusCode, message: noPost.json().message }).toEqual({
      status: 503,
      message:
        'Registration is not set up: the default tenant policy "Join us" names no post of Tenant pol-join for registrants (or it was deleted): the platform administrator must choose one in the policy',
    });
    await t.db.update(tenantPolicies).set({ defaultRoleId: null }).where(eq(tenantPolicies.id, policy.id));
    expect((await register('pol.norole')).json().message).toMatch(/names no role of Tenant pol-join for registrants/);
    await t.db.update(tenantPolicies).set({ defaultTenantId: null }).where(eq(tenantPolicies.id, policy.id));
    const noTenant = await register('pol.notenant');
    expect(noTenant.json().message).toBe(
      'Registration is not set up: the default tenant policy "Join us" names no tenant for registrants to join (or it was deleted): the platform administrator must choose one in the policy',
    );
    expect(
      await t.db
        .select()
        .from(users)
        .where(inArray(users.username, ['pol.nopost', 'pol.norole', 'pol.notenant'])),
    ).toEqual([]);
  });
});

describe('tenant policies: who may call them', () => {
  const calls = (id: number) => [
    () => get('/user/admin/tenant/policy/list', {}, outsider),
    () => get('/user/admin/tenant/policy/view', { id: String(id) }, outsider),
    () => get('/user/admin/tenant/policy/option', {}, outsider),
    () => save({ title: 'Outside' }, outsider),
    () => post('/user/admin/tenant/policy/status', { id, status: 2 }, outsider),
    () => post('/user/admin/tenant/policy/delete', { id }, outsider),
  ];

  it('refuses a tenant administrator every call, even with the menus granted', async () => {
    for (const call of calls(seededDefaultId)) {
      const res = await call();
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 403, message: PLATFORM_ONLY });
    }
  });

  it('gives the writes only to holders of the buttons', async () => {
    expect((await get('/user/admin/tenant/policy/list', {}, reader)).statusCode).toBe(200);
    expect((await get('/user/admin/tenant/policy/view', { id: String(seededDefaultId) }, reader)).statusCode).toBe(200);
    expect((await save({ title: 'Sneaky' }, reader)).statusCode).toBe(403);
    expect((await post('/user/admin/tenant/policy/status', { id: seededDefaultId, status: 1 }, reader)).statusCode).toBe(403);
    expect((await post('/user/admin/tenant/policy/delete', { id: seededDefaultId }, reader)).statusCode).toBe(403);
    expect((await post('/user/admin/tenant/policy/status', { id: seededDefaultId, status: 1 }, clerk)).statusCode).toBe(200);
  });
});

describe('migration 0025 (databases seeded before the tenant policy calls)', () => {
  it('moves the policy screen onto its calls and buttons, granted to the roles holding the menu and allowed by the policies allowing it', async () => {
    const rows = async <R>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: R[] }).rows;
    const id = await menuId('/tenant/policy');
    const seededPerms = await rows<{ permissions: string }>(sql`select permissions from menus where id = ${id} or parent_id = ${id} order by id`);
    await t.db.execute(sql`delete from menus where parent_id = ${id}`);
    await t.db.execute(sql`update menus set permissions = '/user/admin/tenant/policy/option' where id = ${id}`);
    const holder = await createUser(t.db, { username: 'pol.old', menuPaths: ['/tenant/policy'] });
    const [allowing] = await t.db
      .insert(tenantPolicies)
      .values({ title: 'Allows the policy screen', menuIds: [id] })
      .returning({ id: tenantPolicies.id });
    const migration = readFileSync(join(process.cwd(), 'drizzle', '0025_tenant_policy.sql'), 'utf8');
    const run = async () => {
      for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    };
    await run();
    // The same as a fresh database's seed.
    expect(await rows<{ permissions: string }>(sql`select permissions from menus where id = ${id} or parent_id = ${id} order by id`)).toEqual(seededPerms);
    const buttons = (await rows<{ id: number | string }>(sql`select id from menus where parent_id = ${id} order by id`)).map((r) => Number(r.id));
    expect(buttons).toHaveLength(4);
    const granted = await rows<{ n: number }>(sql`
      select count(*)::int as n from role_menus rm join user_roles ur on ur.role_id = rm.role_id and ur.tenant_id = rm.tenant_id
      where ur.user_id = ${holder} and rm.menu_id in (select id from menus where parent_id = ${id})`);
    expect(Number(granted[0]!.n)).toBe(4);
    const [policy] = await t.db.select({ menuIds: tenantPolicies.menuIds }).from(tenantPolicies).where(eq(tenantPolicies.id, allowing!.id));
    expect(policy?.menuIds).toEqual([id, ...buttons]);
    // Idempotent, and the one-default index stands.
    await run();
    expect(await rows(sql`select id from menus where parent_id = ${id}`)).toHaveLength(4);
    await expect(t.db.update(tenantPolicies).set({ isDefault: true })).rejects.toThrow();
  });
});
