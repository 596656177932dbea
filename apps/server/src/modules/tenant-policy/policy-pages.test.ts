import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { SERVER_PLUGIN, type AdminMenuItem, type RemotePage, type UpgradeLogRow } from '@uc/contracts';
import { menus, tenantPolicies, tenants, upgradeLogs } from '../../db/schema';
import { auth, createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { WORKPLACE_NOT_IN_POLICY } from '../dashboard/dashboard.routes';
import { upsertRemote } from '../remote/remote.repository';
import { UPGRADE_LOG_NOT_IN_POLICY } from '../upgrade-log/upgrade-log.routes';

/*
 * 工作台 and 升级日志 are every user's where the tenant policy allows them (policy-pages.ts): a tenant
 * whose policy leaves them out sees neither in its menu and is refused their calls; the personal pages
 * stay every user's. And a tenant reads the upgrade log of the areas open to it (upgrade-log.reach.ts).
 *
 * Three tenants: `narrow` (a policy allowing the user screen only), `wide` (the user screen, 工作台 and
 * 升级日志), `free` (no policy); in each an administrator holding the user screen and a user holding
 * nothing. The registry holds home (as its package.json declares it), org and tenant.
 */

let t: TestApp;
let platform: string;
const token: Record<string, { admin: string; plain: string }> = {};

const title = (path: string) => ({ 'zh-CN': path, 'en-US': path });
const homePages = (): RemotePage[] => {
  const pkg = JSON.parse(readFileSync(join(process.cwd(), '..', 'home', 'package.json'), 'utf8')) as { ucRemote: { pages: RemotePage[] } };
  return pkg.ucRemote.pages;
};

/** The ids of the menu entries at these addresses and of the directories above them, as the policy editor ticks them. */
async function ticked(paths: string[]): Promise<number[]> {
  const pages = await t.db.select({ id: menus.id, parentId: menus.parentId }).from(menus).where(inArray(menus.path, paths));
  return [...new Set(pages.flatMap((m) => (m.parentId === null ? [m.id] : [m.id, m.parentId])))].sort((a, b) => a - b);
}

async function tenantOn(code: string, allowed: string[] | null): Promise<number> {
  const { tenantId } = await createTenant(t.db, { code });
  if (allowed) {
    const [policy] = await t.db
      .insert(tenantPolicies)
      .values({ title: `policy ${code}`, menuIds: await ticked(allowed) })
      .returning({ id: tenantPolicies.id });
    await t.db.update(tenants).set({ policyId: policy!.id }).where(eq(tenants.id, tenantId));
  }
  await createUser(t.db, { username: `${code}.admin`, tenantId, menuPaths: ['/org/user'] });
  await createUser(t.db, { username: `${code}.plain`, tenantId });
  token[code] = { admin: await t.login(`${code}.admin`, 'user-password-1'), plain: await t.login(`${code}.plain`, 'user-password-1') };
  return tenantId;
}

beforeAll(async () => {
  t = await createTestApp();
  await upsertRemote(t.db, {
    name: 'home',
    entry: '/user/web/remotes/home/1/mf-manifest.json',
    version: '1',
    routes: ['/home', '/dashboard'],
    pages: homePages(),
  });
  await upsertRemote(t.db, {
    name: 'org',
    entry: '/user/web/remotes/org/1/mf-manifest.json',
    version: '1',
    routes: ['/org'],
    pages: [{ path: '/org/user', title: title('/org/user') }],
  });
  // The market: its application details open to everyone (from the app drawer), a hidden page.
  await upsertRemote(t.db, {
    name: 'market',
    entry: '/user/web/remotes/market/1/mf-manifest.json',
    version: '1',
    routes: ['/addons/market'],
    pages: [
      { path: '/addons/market', title: title('/addons/market') },
      { path: '/addons/market/details/:versionId', title: title('details'), hidden: true, everyone: true },
    ],
  });
  await upsertRemote(t.db, {
    name: 'tenant',
    entry: '/user/web/remotes/tenant/1/mf-manifest.json',
    version: '1',
    routes: ['/tenant'],
    pages: [{ path: '/tenant/manage', title: title('/tenant/manage') }],
  });
  platform = await t.login();
  await tenantOn('narrow', ['/org/user']);
  await tenantOn('wide', ['/org/user', '/dashboard/workplace', '/home/upgrade/logs']);
  await tenantOn('free', null);
  // Written by hand: about the console as a whole (no area of that name), and about the platform's tenant management.
  for (const plugin of ['console', 'tenant']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/admin/upgrade/logs/edit',
      payload: { plugin, version: '9.9.9', title: `About ${plugin}` },
      headers: auth(platform),
    });
    expect(res.json()).toMatchObject({ code: 0 });
  }
});
afterAll(() => t.close());

const pathsOf = (items: readonly AdminMenuItem[]): string[] => items.flatMap((m) => [...(m.path ? [m.path] : []), ...pathsOf(m.children)]);
const menuOf = async (who: string) => {
  const res = await t.app.inject({ url: '/user/admin/role/antd/menu', headers: auth(who) });
  return pathsOf((res.json() as { data: { list: AdminMenuItem[] } }).data.list);
};
const get = async (url: string, who: string, query: Record<string, string> = {}) => {
  const res = await t.app.inject({ url, query, headers: { ...auth(who), 'accept-language': 'zh-CN' } });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: unknown } };
};
const pluginsRead = async (who: string) => {
  const { status, body } = await get('/user/admin/upgrade/logs/list', who, { pageSize: '100' });
  expect(status).toBe(200);
  return [...new Set((body.data as { list: UpgradeLogRow[] }).list.map((r) => r.plugin))].sort();
};

describe('工作台 and 升级日志 under the tenant policy', () => {
  it('leaves them out of the menu of a tenant whose policy does not allow them; the personal pages stay', async () => {
    for (const who of [token.narrow!.admin, token.narrow!.plain]) {
      const paths = await menuOf(who);
      expect(paths).toEqual(expect.arrayContaining(['/home/account', '/home/message']));
      expect(paths).not.toContain('/dashboard/workplace');
      expect(paths).not.toContain('/home/upgrade/logs');
    }
    expect(await menuOf(token.narrow!.admin)).toContain('/org/user');
  });

  it('shows them to every user of a tenant whose policy allows them, of a tenant without a policy, and of the platform', async () => {
    for (const who of [token.wide!.admin, token.wide!.plain, token.free!.admin, token.free!.plain, platform]) {
      expect(await menuOf(who)).toEqual(expect.arrayContaining(['/dashboard', '/dashboard/workplace', '/home/upgrade/logs', '/home/account']));
    }
  });

  it("refuses their calls where the policy leaves them out, saying whom to ask, in the reader's language", async () => {
    for (const who of [token.narrow!.admin, token.narrow!.plain]) {
      expect(await get('/admin/admin/dashboard/workplace', who)).toMatchObject({
        status: 403,
        body: { message: '您所在租户的策略不包含工作台，请联系平台管理员在策略中允许' },
      });
      expect(await get('/user/admin/upgrade/logs/list', who)).toMatchObject({
        status: 403,
        body: { message: '您所在租户的策略不包含升级日志，请联系平台管理员在策略中允许' },
      });
      const [entry] = await t.db.select({ id: upgradeLogs.id }).from(upgradeLogs).where(eq(upgradeLogs.plugin, 'console'));
      expect((await get('/user/admin/upgrade/logs/view', who, { id: String(entry!.id) })).status).toBe(403);
    }
    const english = await t.app.inject({ url: '/admin/admin/dashboard/workplace', headers: auth(token.narrow!.plain) });
    expect(english.json().message).toBe(WORKPLACE_NOT_IN_POLICY);
    expect(UPGRADE_LOG_NOT_IN_POLICY).toContain('upgrade log');
    for (const who of [token.wide!.plain, token.free!.plain, platform]) {
      expect((await get('/admin/admin/dashboard/workplace', who)).status).toBe(200);
      expect((await get('/user/admin/upgrade/logs/list', who)).status).toBe(200);
    }
  });

  it('follows the policy at the next request when the platform allows the pages', async () => {
    const narrow = await t.db.select({ id: tenants.policyId }).from(tenants).where(eq(tenants.code, 'narrow'));
    const policyId = narrow[0]!.id!;
    await t.db
      .update(tenantPolicies)
      .set({ menuIds: await ticked(['/org/user', '/dashboard/workplace']) })
      .where(eq(tenantPolicies.id, policyId));
    expect(await menuOf(token.narrow!.plain)).toContain('/dashboard/workplace');
    expect((await get('/admin/admin/dashboard/workplace', token.narrow!.plain)).status).toBe(200);
    expect((await get('/user/admin/upgrade/logs/list', token.narrow!.plain)).status).toBe(403);
    await t.db
      .update(tenantPolicies)
      .set({ menuIds: await ticked(['/org/user']) })
      .where(eq(tenantPolicies.id, policyId));
    expect(await menuOf(token.narrow!.plain)).not.toContain('/dashboard/workplace');
  });
});

describe('the upgrade log a tenant reads', () => {
  it('is everything for the platform', async () => {
    expect(await pluginsRead(platform)).toEqual(['console', 'home', 'market', 'org', SERVER_PLUGIN, 'tenant'].sort());
  });

  it("is the part about the areas in the tenant's menu, and the notes about the console as a whole: never the server's schema nor the platform's areas", async () => {
    // home: its personal pages; org: the policy allows the user screen; console: written about no area.
    // Not the market, whose only page every user opens is a hidden one (the app drawer's details).
    for (const who of [token.wide!.admin, token.wide!.plain]) expect(await pluginsRead(who)).toEqual(['console', 'home', 'org']);
    // Without a policy: org because a role of the tenant holds the user screen.
    expect(await pluginsRead(token.free!.plain)).toEqual(['console', 'home', 'org']);
  });

  it('answers an entry outside the reach as missing', async () => {
    const [server] = await t.db.select({ id: upgradeLogs.id }).from(upgradeLogs).where(eq(upgradeLogs.plugin, SERVER_PLUGIN));
    const [tenant] = await t.db.select({ id: upgradeLogs.id }).from(upgradeLogs).where(eq(upgradeLogs.plugin, 'tenant')).limit(1);
    const [org] = await t.db.select({ id: upgradeLogs.id }).from(upgradeLogs).where(eq(upgradeLogs.plugin, 'org'));
    for (const entry of [server!, tenant!]) expect((await get('/user/admin/upgrade/logs/view', token.wide!.plain, { id: String(entry.id) })).status).toBe(404);
    expect((await get('/user/admin/upgrade/logs/view', token.wide!.plain, { id: String(org!.id) })).status).toBe(200);
    expect((await get('/user/admin/upgrade/logs/view', platform, { id: String(server!.id) })).status).toBe(200);
  });

  it('loses an area the policy takes away, and an area whose remote is disabled', async () => {
    const [wide] = await t.db.select({ id: tenants.policyId }).from(tenants).where(eq(tenants.code, 'wide'));
    await t.db
      .update(tenantPolicies)
      .set({ menuIds: await ticked(['/home/upgrade/logs']) })
      .where(eq(tenantPolicies.id, wide!.id!));
    expect(await pluginsRead(token.wide!.plain)).toEqual(['console', 'home']);
    await t.db.execute(sql`update remotes set enabled = false where name = 'home'`);
    try {
      expect(await pluginsRead(token.wide!.plain)).toEqual(['console']);
    } finally {
      await t.db.execute(sql`update remotes set enabled = true where name = 'home'`);
    }
  });
});

describe('drizzle/0045 on a database whose policies were written before', () => {
  it('gives every policy 工作台 and 升级日志 with their directories, keeps what it allowed, and does nothing a second time', async () => {
    const [before] = await t.db
      .insert(tenantPolicies)
      .values({ title: 'written before 0045', menuIds: await ticked(['/org/user']) })
      .returning({ id: tenantPolicies.id, menuIds: tenantPolicies.menuIds });
    const [seeded] = await t.db
      .select({ id: tenantPolicies.id, menuIds: tenantPolicies.menuIds })
      .from(tenantPolicies)
      .where(eq(tenantPolicies.isDefault, true));
    const migration = readFileSync(join(process.cwd(), 'drizzle', '0045_policy_open_pages.sql'), 'utf8');
    const allowed = async (id: number) =>
      (await t.db.select({ menuIds: tenantPolicies.menuIds }).from(tenantPolicies).where(eq(tenantPolicies.id, id)))[0]!.menuIds;

    await t.db.execute(sql.raw(migration));
    const after = await allowed(before!.id);
    expect([...after].sort((a, b) => a - b)).toEqual(await ticked(['/org/user', '/dashboard/workplace', '/home/upgrade/logs']));
    expect(after.slice(0, before!.menuIds.length)).toEqual(before!.menuIds);
    // The seed's default policy allowed both already: unchanged.
    expect(await allowed(seeded!.id)).toEqual(seeded!.menuIds);

    await t.db.execute(sql.raw(migration));
    expect(await allowed(before!.id)).toEqual(after);
  });
});
