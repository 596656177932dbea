import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SiteSettings, SiteSettingsInput } from '@uc/contracts';
import { migrationsFolder } from '../../db/migrate';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auditLogs, menus, posts, roleMenus, roles, tenantPolicies } from '../../db/schema';
import { PLATFORM_ONLY } from '../../http/route-registrar';
import { auth, createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let clerk: string;
let outsider: string;
let bare: string;
/** A customer tenant with a department, role and post registrants can be given. */
let home: { tenantId: number; deptId: number; roleId: number; postId: number };

beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      // A platform user holding only the site settings page: the menu is what grants the calls.
      await createUser(db, { username: 'site.clerk', menuPaths: ['/system/settings'] });
      // A platform user without it.
      await createUser(db, { username: 'site.bare', menuPaths: [] });
      // A tenant's administrator granted the same page: not the platform, so refused all the same.
      const other = await createTenant(db, { code: 'site-outside' });
      await createUser(db, { username: 'site.outsider', tenantId: other.tenantId, menuPaths: ['/system/settings'] });
    },
  });
  admin = await t.login();
  clerk = await t.login('site.clerk', 'user-password-1');
  bare = await t.login('site.bare', 'user-password-1');
  outsider = await t.login('site.outsider', 'user-password-1');
  const made = await createTenant(t.db, { code: 'site-home' });
  const [role] = await t.db.insert(roles).values({ tenantId: made.tenantId, name: 'Member', key: 'member' }).returning({ id: roles.id });
  const [post] = await t.db.insert(posts).values({ tenantId: made.tenantId, name: 'Clerk' }).returning({ id: posts.id });
  home = { ...made, roleId: role!.id, postId: post!.id };
});
afterAll(() => t.close());

const SETTINGS = '/admin/admin/site/settings';
const SAVE = '/admin/admin/site/settings/save';
const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...(token ? auth(token) : {}), ...headers } });
const save = (payload: SiteSettingsInput | Record<string, unknown>, token = admin, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: SAVE, payload, headers: { ...auth(token), ...headers } });
const saved = async (payload: SiteSettingsInput, token = admin): Promise<SiteSettings> => {
  const res = await save(payload, token);
  expect(res.json()).toMatchObject({ code: 0 });
  return res.json().data as SiteSettings;
};
const settings = async (token = admin): Promise<SiteSettings> => (await get(SETTINGS, token)).json().data as SiteSettings;
/** The refusal of a save: status and message. */
const refusal = async (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await save(payload, admin, headers);
  const body = res.json<{ message: string; data: { fields?: { field: string; message: string }[] } | null }>();
  // The field a refusal is about, as the forms read it, in front of its sentence ("siteName: …").
  const fields = body.data?.fields?.map((f) => f.field).join(', ');
  return { status: res.statusCode, message: fields ? `${fields}: ${body.message}` : body.message };
};
const lastAudit = async () => {
  const [row] = await t.db
    .select({ fields: auditLogs.fields, target: auditLogs.target, username: auditLogs.username })
    .from(auditLogs)
    .where(eq(auditLogs.action, SAVE))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
};
const defaultPolicy = async () => (await t.db.select().from(tenantPolicies).where(eq(tenantPolicies.isDefault, true)))[0]!;

describe('site settings', () => {
  it('answers every field with its source: the stored settings, the SMS cooldown and the default policy', async () => {
    const policy = await defaultPolicy();
    expect(await settings()).toEqual({
      // No name of its own: the console shows its own in the reader's language.
      siteName: '',
      basicCopyright: '',
      basicIcpCode: '',
      offline: true,
      registerSwitch: true,
      forceInvite: false,
      captchaSwitch: false,
      demoMode: false,
      smsLogin: true,
      smsCooldownSeconds: 60,
      demoModeForced: false,
      registrationPolicy: { id: policy.id, title: '默认策略' },
      tenantSetting: 1,
      defaultTenantId: null,
      defaultTenantName: '',
      defaultDeptId: null,
      defaultRoleId: null,
      defaultPostId: null,
    });
  });

  it("takes a blank site name as none: the console's own name in each reader's language", async () => {
    await saved({ siteName: 'Named' });
    expect((await settings()).siteName).toBe('Named');
    await saved({ siteName: '   ' });
    expect((await settings()).siteName).toBe('');
    const config = await t.app.inject({ url: '/admin/admin/site/config' });
    expect(config.json().data.siteName).toBe('');
  });

  it('forgets the English name the seed stored before drizzle/0046, and keeps a name an administrator typed', async () => {
    const [, , siteName] = readFileSync(join(migrationsFolder(), '0046_reader_language.sql'), 'utf8').split('--> statement-breakpoint');
    const storedName = async (value: string) => {
      await t.db.execute(sql`update site_settings set value = ${JSON.stringify(value)}::jsonb where key = 'siteName'`);
      await t.db.execute(sql.raw(siteName!));
      return (await settings()).siteName;
    };
    expect(await storedName('User Centre')).toBe('');
    expect(await storedName('星河用户中心')).toBe('星河用户中心');
    await saved({ siteName: '' });
  });

  it('refuses each field that breaks its rule, naming the field, in the reader’s language', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ siteName: 'x'.repeat(65) }, /^siteName: Site name must be at most 64 characters$/],
      [{ basicCopyright: 'x'.repeat(201) }, /^basicCopyright: Copyright text must be at most 200 characters$/],
      [{ basicCopyright: 7 }, /^basicCopyright: The copyright must be text$/],
      [{ basicIcpCode: 'ICP 12345' }, /^basicIcpCode: The ICP filing number must look like 京ICP备12345678号/],
      [{ basicIcpCode: '京ICP备12345678' }, /^basicIcpCode: /],
      [{ offline: 'yes' }, /^offline: The offline-capable app setting must be true or false$/],
      [{ registerSwitch: 1 }, /^registerSwitch: The registration setting must be true or false$/],
      [{ forceInvite: null }, /^forceInvite: The invitation code setting must be true or false$/],
      [{ captchaSwitch: 'on' }, /^captchaSwitch: The sign-in captcha setting must be true or false$/],
      [{ demoMode: 0 }, /^demoMode: The demo mode setting must be true or false$/],
      [{ smsLogin: 'false' }, /^smsLogin: The SMS sign-in setting must be true or false$/],
      [{ smsCooldownSeconds: 29 }, /^smsCooldownSeconds: The SMS interval must be a whole number of seconds from 30 to 600$/],
      [{ smsCooldownSeconds: 601 }, /^smsCooldownSeconds: .* from 30 to 600$/],
      [{ smsCooldownSeconds: 45.5 }, /^smsCooldownSeconds: .* from 30 to 600$/],
      [{ tenantSetting: 3 }, /^tenantSetting: Registration must be 1 \(registration creates a new tenant\) or 2/],
      [{ defaultDeptId: -4 }, /^defaultDeptId: The default department must be a positive whole-number ID$/],
    ];
    for (const [body, message] of cases) {
      const got = await refusal(body);
      expect({ body, ...got }).toEqual({ body, status: 400, message: expect.stringMatching(message) });
    }
    expect(await refusal({ basicIcpCode: 'ICP 12345' }, { 'accept-language': 'zh-CN' })).toEqual({
      status: 400,
      message: 'basicIcpCode: ICP 备案号须形如 京ICP备12345678号 或 京ICP备12345678号-1；留空则页脚不显示备案链接',
    });
    expect(await refusal({ smsCooldownSeconds: 5 }, { 'accept-language': 'zh-CN' })).toEqual({
      status: 400,
      message: 'smsCooldownSeconds: 短信发送间隔必须是 30 到 600 之间的整数秒',
    });
    // Nothing was written by any of them.
    expect(await settings()).toMatchObject({ siteName: '', basicIcpCode: '', smsCooldownSeconds: 60, tenantSetting: 1 });
  });

  it('refuses registration defaults that do not exist, naming the field, and writes nothing else of the save', async () => {
    const join = {
      tenantSetting: 2 as const,
      defaultTenantId: home.tenantId,
      defaultDeptId: home.deptId,
      defaultRoleId: home.roleId,
      defaultPostId: home.postId,
    };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...join, defaultTenantId: 2 ** 31 - 9 }, /^defaultTenantId: The tenant does not exist/],
      [{ ...join, defaultTenantId: PLATFORM_TENANT_ID }, /^defaultTenantId: Registrants cannot join the platform's own tenant/],
      [{ ...join, defaultDeptId: 2 ** 31 - 9 }, /^defaultDeptId: Tenant site-home has no such department/],
      [{ ...join, defaultRoleId: 2 ** 31 - 9 }, /^defaultRoleId: Tenant site-home has no such role/],
      [{ ...join, defaultPostId: 2 ** 31 - 9 }, /^defaultPostId: Tenant site-home has no such post/],
      [{ ...join, defaultPostId: null }, /^defaultPostId: Choose the post of Tenant site-home/],
      [{ tenantSetting: 2 }, /^defaultTenantId: Choose the tenant that registrants join/],
    ];
    for (const [body, message] of cases) {
      const got = await refusal({ ...body, basicCopyright: 'not saved' });
      expect({ body, ...got }).toEqual({ body, status: 400, message: expect.stringMatching(message) });
    }
    expect(await settings()).toMatchObject({ basicCopyright: '', tenantSetting: 1, defaultTenantId: null });
  });

  it('refuses callers of another tenant, even granted the page, and platform users without it', async () => {
    for (const res of [await get(SETTINGS, outsider), await save({ basicIcpCode: '' }, outsider)]) {
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 403, message: PLATFORM_ONLY });
    }
    for (const res of [await get(SETTINGS, bare), await save({ basicIcpCode: '' }, bare)]) expect(res.statusCode).toBe(403);
    expect((await get(SETTINGS, admin)).statusCode).toBe(200);
    expect((await t.app.inject({ url: SETTINGS })).json().code).toBe(61);
  });

  it('applies a save at once: the site and login configuration answer it at the next call, without a restart', async () => {
    const after = await saved(
      {
        siteName: '  星河用户中心 ',
        basicCopyright: '© 2026 星河物联 版权所有',
        basicIcpCode: '京ICP备12345678号-1',
        offline: false,
        registerSwitch: false,
        forceInvite: true,
        captchaSwitch: true,
        demoMode: true,
        smsLogin: false,
        smsCooldownSeconds: 120,
      },
      clerk,
    );
    expect(after).toMatchObject({ siteName: '星河用户中心', basicIcpCode: '京ICP备12345678号-1', smsCooldownSeconds: 120 });
    expect((await get('/admin/admin/site/config')).json().data).toEqual({
      siteName: '星河用户中心',
      basicCopyright: '© 2026 星河物联 版权所有',
      basicIcpCode: '京ICP备12345678号-1',
      offline: false,
    });
    expect((await get('/user/admin/site/loginConfig')).json().data).toEqual({
      registerSwitch: false,
      forceInvite: true,
      captchaSwitch: true,
      demoMode: true,
      smsLogin: false,
    });
    // What the switches govern follows them at once.
    const register = await t.app.inject({
      method: 'POST',
      url: '/user/admin/site/register',
      payload: { username: 'site.newcomer', password: 'a-long-password-1', mobile: '13912340001', code: '123456' },
    });
    expect({ status: register.statusCode, message: register.json().message }).toEqual({
      status: 403,
      message: 'Registration is closed: ask an administrator for an account',
    });
    const mobile = await t.app.inject({ method: 'POST', url: '/user/admin/site/mobileLogin', payload: { mobile: '13912340001', code: '123456' } });
    expect(mobile.json().message).toBe('Sign-in by SMS is turned off: sign in with your user name and password');
    const sms = () => t.app.inject({ method: 'POST', url: '/admin/admin/sms/send', query: { event: 'register', mobile: '13912340002' } });
    expect((await sms()).json()).toMatchObject({ code: 0, data: { cooldownSeconds: 120 } });
    const again = await sms();
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(60);
    expect(again.json().message).toMatch(/^A code was sent to this number a moment ago: wait (\d+) seconds/);

    // And back: the footer link goes away with an empty ICP code.
    await saved({ basicIcpCode: '', basicCopyright: '', registerSwitch: true, forceInvite: false, captchaSwitch: false, demoMode: false, smsLogin: true });
    expect((await get('/admin/admin/site/config')).json().data).toMatchObject({ basicIcpCode: '', basicCopyright: '' });
    expect((await get('/user/admin/site/loginConfig')).json().data).toMatchObject({ registerSwitch: true, captchaSwitch: false });
  });

  it('audits each save with the fields it changed, and nothing for values sent unchanged', async () => {
    const now = await settings();
    await saved({ ...pickStored(now), basicIcpCode: '沪ICP备13002172号', smsCooldownSeconds: 90 }, clerk);
    expect(await lastAudit()).toEqual({ fields: ['basicIcpCode', 'smsCooldownSeconds'], target: 'site', username: 'site.clerk' });
    await saved({ ...pickStored(await settings()) });
    expect(await lastAudit()).toEqual({ fields: [], target: 'site', username: 'admin' });
  });

  it('edits what registration does in the default tenant policy, which registration reads', async () => {
    const join = {
      tenantSetting: 2 as const,
      defaultTenantId: home.tenantId,
      defaultDeptId: home.deptId,
      defaultRoleId: home.roleId,
      defaultPostId: home.postId,
    };
    const after = await saved(join, clerk);
    expect(after).toMatchObject({ ...join, defaultTenantName: 'Tenant site-home' });
    expect(await lastAudit()).toMatchObject({ fields: ['tenantSetting', 'defaultTenantId', 'defaultDeptId', 'defaultRoleId', 'defaultPostId'] });
    expect(await defaultPolicy()).toMatchObject({ tenantSetting: 2, defaultTenantId: home.tenantId, defaultDeptId: home.deptId, defaultPostId: home.postId });
    // The policy screen shows the same.
    const policy = await defaultPolicy();
    expect((await get(`/user/admin/tenant/policy/view?id=${policy.id}`, admin)).json().data).toMatchObject({ tenantSetting: 2, defaultRoleId: home.roleId });

    // A save of other fields does not check defaults that did not change, even gone ones.
    await t.db.delete(posts).where(eq(posts.id, home.postId));
    await saved({ ...join, siteName: 'Console' });
    // Back to new tenants: the defaults go with it.
    const back = await saved({ tenantSetting: 1 });
    expect(back).toMatchObject({ tenantSetting: 1, defaultTenantId: null, defaultDeptId: null, defaultRoleId: null, defaultPostId: null });
    expect(await lastAudit()).toMatchObject({ fields: ['tenantSetting', 'defaultTenantId', 'defaultDeptId', 'defaultRoleId', 'defaultPostId'] });
  });

  it('migration 0035 gives a database seeded before the page, for the platform administrators, once', async () => {
    const entries = () =>
      t.db
        .select()
        .from(menus)
        .where(inArray(menus.path, ['/system', '/system/settings']));
    for (const m of await entries()) await t.db.delete(menus).where(eq(menus.id, m.id));
    const migration = readFileSync(join(process.cwd(), 'drizzle', '0035_site_settings_menu.sql'), 'utf8');
    const run = async () => {
      for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    };
    await run();
    await run();
    const found = await entries();
    expect(found).toHaveLength(2);
    const dir = found.find((m) => m.path === '/system')!;
    const page = found.find((m) => m.path === '/system/settings')!;
    expect(dir).toMatchObject({ type: 1, parentId: null, redirect: '/system/settings', locale: 'menu.system', icon: 'SettingOutlined' });
    expect(page).toMatchObject({ type: 2, parentId: dir.id, locale: 'menu.system.settings', component: 'tenant/system/settings' });
    // The same grants as the seed's entry.
    const seeded = (await import('../../db/seed-menus')).MENU_SEED.find((m) => m.path === '/system')!.children![0]!;
    expect(page.permissions.split(',').sort()).toEqual(seeded.permissions!.map((c) => c.path).sort());
    const superRole = (
      await t.db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.isDefaultAdmin, true)))
    )[0]!;
    const granted = await t.db
      .select()
      .from(roleMenus)
      .where(inArray(roleMenus.menuId, [dir.id, page.id]));
    expect(granted.map((g) => g.roleId)).toEqual([superRole.id, superRole.id]);
  });
});

/** The stored fields of an answer, as the page sends them back. */
function pickStored(s: SiteSettings): SiteSettingsInput {
  const { siteName, basicCopyright, basicIcpCode, offline, registerSwitch, forceInvite, captchaSwitch, demoMode, smsLogin, smsCooldownSeconds } = s;
  return { siteName, basicCopyright, basicIcpCode, offline, registerSwitch, forceInvite, captchaSwitch, demoMode, smsLogin, smsCooldownSeconds };
}
