import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TenantInviteRow } from '@uc/contracts';
import { smsOutbox, tenantInvites, tenantPolicies, tenants } from '../../db/schema';
import { PLATFORM_ONLY } from '../../http/route-registrar';
import { auth, createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let clerk: string;
let reader: string;
let outsider: string;
let policyId: number;
let disabledPolicyId: number;

beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      // The clerk holds the invite screen and its buttons, the reader only the screen (list, view).
      await createUser(db, { username: 'inv.clerk', menuPaths: ['/tenant/invite'], withButtons: true });
      await createUser(db, { username: 'inv.reader', menuPaths: ['/tenant/invite'] });
      // A tenant administrator granted the same menus: not the platform, so still refused.
      const other = await createTenant(db, { code: 'inv-other' });
      await createUser(db, { username: 'inv.outsider', tenantId: other.tenantId, menuPaths: ['/tenant/invite'], withButtons: true });
    },
  });
  admin = await t.login();
  clerk = await t.login('inv.clerk', 'user-password-1');
  reader = await t.login('inv.reader', 'user-password-1');
  outsider = await t.login('inv.outsider', 'user-password-1');
  const [policy] = await t.db.select({ id: tenantPolicies.id }).from(tenantPolicies).where(eq(tenantPolicies.isDefault, true));
  policyId = policy!.id;
  const [off] = await t.db.insert(tenantPolicies).values({ title: 'Retired policy', status: 2 }).returning({ id: tenantPolicies.id });
  disabledPolicyId = off!.id;
});
afterAll(() => t.close());

const get = (url: string, query: Record<string, string> = {}, token = clerk) => t.app.inject({ url, query, headers: auth(token) });
const post = (url: string, payload: object, token = clerk) => t.app.inject({ method: 'POST', url, payload, headers: auth(token) });
const create = (payload: object, token = clerk) =>
  post('/user/admin/tenant/invite/edit', { title: 'Acme', companyName: 'Acme Ltd', policyId, ...payload }, token);

describe('tenant invitations', () => {
  it('creates an invitation with a readable random code, the creator and the policy title', async () => {
    const res = await create({ title: 'Acme 2026' });
    expect(res.statusCode).toBe(200);
    const row = res.json().data as TenantInviteRow;
    expect(row).toMatchObject({
      title: 'Acme 2026',
      companyName: 'Acme Ltd',
      policyId,
      policyTitle: '默认策略',
      creatorUsername: 'inv.clerk',
      used: false,
      usedUserId: null,
      usedUsername: '',
      usedAt: null,
    });
    expect(row.code).toMatch(/^[A-HJ-KM-NP-Z2-9]{12}$/);
    const again = (await create({ title: 'Acme again' })).json().data as TenantInviteRow;
    expect(again.code).not.toBe(row.code);
  });

  it('keeps a chosen code unique and checks its form, the policy and the required fields', async () => {
    expect((await create({ code: 'SPRING-2026' })).json().data.code).toBe('SPRING-2026');
    const dup = await create({ code: 'SPRING-2026' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/^The invitation code "SPRING-2026" is already used/);
    expect((await create({ code: 'ab' })).json().message).toBe('Invitation code must be 6 to 32 letters, digits or dashes');
    expect((await create({ title: ' ' })).json().message).toBe('Title cannot be empty');
    expect((await create({ companyName: '' })).json().message).toBe('Company name cannot be empty');
    expect((await create({ policyId: 999_999 })).json().message).toMatch(/^The tenant policy does not exist/);
    expect((await create({ policyId: disabledPolicyId })).json().message).toMatch(/^The tenant policy is disabled/);
  });

  it('lists newest first, filters by used and keyword, and offers the enabled policies, the default first', async () => {
    const list = (await get('/user/admin/tenant/invite/list', { filter: JSON.stringify([['keyword', 'SPRING']]) })).json().data;
    expect(list.list.map((r: TenantInviteRow) => r.code)).toEqual(['SPRING-2026']);
    const unused = (await get('/user/admin/tenant/invite/list', { filter: JSON.stringify([['used', '=', false]]), pageSize: '100' })).json().data;
    expect(unused.total).toBeGreaterThanOrEqual(3);
    expect(unused.list.map((r: TenantInviteRow) => r.createdAt)).toEqual([...unused.list.map((r: TenantInviteRow) => r.createdAt)].sort().reverse());
    const options = (await get('/user/admin/tenant/policy/option')).json().data.list;
    expect(options[0]).toMatchObject({ id: policyId, isDefault: true });
    expect(options.map((o: { id: number }) => o.id)).not.toContain(disabledPolicyId);
  });

  it('lets someone register with the code once; the invite then records who used it and can no longer change', async () => {
    const invite = (await create({ title: 'Globex', companyName: 'Globex Corp', code: 'GLOBEX-01' })).json().data as TenantInviteRow;
    const mobile = '13900009901';
    await t.app.inject({ method: 'POST', url: '/admin/admin/sms/send', query: { event: 'register', mobile } });
    const [sms] = await t.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.mobile, mobile), eq(smsOutbox.event, 'register')))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/user/admin/site/register',
      payload: { username: 'globex.boss', password: 'globex-Pass-2026', mobile, code: /\d{6}/.exec(sms!.body)![0], inviteCode: 'GLOBEX-01' },
    });
    expect(reg.json()).toMatchObject({ code: 0 });
    const [tenant] = await t.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, reg.json().data.tenantId));
    expect(tenant?.name).toBe('Globex Corp');
    const used = (await get('/user/admin/tenant/invite/view', { id: String(invite.id) })).json().data as TenantInviteRow;
    expect(used).toMatchObject({ used: true, usedUsername: 'globex.boss', usedUserId: reg.json().data.id });
    expect(used.usedAt).not.toBeNull();
    const usedOnly = (await get('/user/admin/tenant/invite/list', { filter: JSON.stringify([['used', '=', true]]) })).json().data;
    expect(usedOnly.list.map((r: TenantInviteRow) => r.code)).toEqual(['GLOBEX-01']);
    const edit = await post('/user/admin/tenant/invite/edit', { id: invite.id, title: 'Renamed', companyName: 'Globex Corp', policyId });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/^This invitation was already used/);
  });

  it('updates an unused invitation, keeping its code unless a new one is given', async () => {
    const invite = (await create({ title: 'Initech' })).json().data as TenantInviteRow;
    const res = await post('/user/admin/tenant/invite/edit', { id: invite.id, title: 'Initech (renamed)', companyName: 'Initech LLC', policyId, code: '' });
    expect(res.json().data).toMatchObject({
      id: invite.id,
      title: 'Initech (renamed)',
      companyName: 'Initech LLC',
      code: invite.code,
      creatorUsername: 'inv.clerk',
    });
  });

  it('deletes an invitation: its code stops working at once', async () => {
    const invite = (await create({ code: 'DELETE-ME-1' })).json().data as TenantInviteRow;
    expect((await post('/user/admin/tenant/invite/delete', { id: invite.id })).json()).toMatchObject({ code: 0, data: null });
    expect(await t.db.select().from(tenantInvites).where(eq(tenantInvites.code, 'DELETE-ME-1'))).toEqual([]);
    expect((await post('/user/admin/tenant/invite/delete', { id: invite.id })).statusCode).toBe(404);
  });

  it('gives the writes only to holders of the buttons, and nothing to users of other tenants', async () => {
    expect((await get('/user/admin/tenant/invite/list', {}, reader)).statusCode).toBe(200);
    expect((await get('/user/admin/tenant/policy/option', {}, reader)).statusCode).toBe(200);
    expect((await create({ title: 'Sneaky' }, reader)).statusCode).toBe(403);
    for (const res of [await get('/user/admin/tenant/invite/list', {}, outsider), await create({ title: 'Outside' }, outsider)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PLATFORM_ONLY);
    }
    expect((await get('/user/admin/tenant/invite/list', {}, admin)).statusCode).toBe(200);
  });
});

describe('migration 0014 (databases seeded before the tenant invitation calls)', () => {
  it('moves the writes of /tenant/invite onto buttons, granted to the roles holding the menu', async () => {
    const old = ['list', 'view', 'edit', 'delete'].map((v) => `/user/admin/tenant/invite/${v}`).join(',');
    const rows = async <R>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: R[] }).rows;
    const [menu] = await rows<{ id: number }>(sql`select id from menus where path = '/tenant/invite'`);
    const menuId = Number(menu!.id);
    await t.db.execute(sql`delete from menus where parent_id = ${menuId}`);
    await t.db.execute(sql`update menus set permissions = ${old} where id = ${menuId}`);
    const holder = await createUser(t.db, { username: 'inv.old', menuPaths: ['/tenant/invite'] });
    const migration = readFileSync(join(process.cwd(), 'drizzle', '0014_tenant_invite_menu_buttons.sql'), 'utf8');
    await t.db.execute(sql.raw(migration));
    const perms = await rows<{ permissions: string }>(sql`select permissions from menus where id = ${menuId} or parent_id = ${menuId} order by id`);
    expect(perms.map((r) => r.permissions)).toEqual([
      '/user/admin/tenant/invite/list,/user/admin/tenant/invite/view,/user/admin/tenant/policy/option',
      '/user/admin/tenant/invite/edit',
      '/user/admin/tenant/invite/edit',
      '/user/admin/tenant/invite/delete',
    ]);
    const granted = await rows<{ n: number }>(sql`
      select count(*)::int as n from role_menus rm join user_roles ur on ur.role_id = rm.role_id and ur.tenant_id = rm.tenant_id
      join menus m on m.id = rm.menu_id where ur.user_id = ${holder} and m.parent_id = ${menuId}`);
    expect(Number(granted[0]!.n)).toBe(3);
    await t.db.execute(sql.raw(migration));
    expect(await rows(sql`select id from menus where parent_id = ${menuId}`)).toHaveLength(3);
  });
});
