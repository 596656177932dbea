import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, startServer, type RunningServer } from '../support/server';

/*
 * Issue 13 end to end, as the platform administrator and a tenant's administrator would live it: a
 * policy allowing only the user screen and two users, a tenant made on it (its administrator's
 * password shown once), that administrator seeing only what the policy allows and refused a third
 * user, the policy widened while they work, the tenant's users seen from its details page, and the
 * tenant disabled under them.
 */
describe('tenant management: a policy, a tenant on it, and what its administrator meets', () => {
  let server: RunningServer;
  let browser: Browser;
  let platform: Page;
  let tenantAdmin: Page;
  let platformToken = '';
  const tenant = { name: '星河物联', code: 'xinghe', admin: 'xinghe.admin' };
  let adminPassword = '';

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page: platform } = await newPage(browser));
    platformToken = await apiLogin(server);
    await signInWithToken(platform, platformToken);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = async <T>(path: string, body?: unknown, token = platformToken): Promise<{ code: number; message: string; data: T }> => {
    const res = await fetch(`${server.origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as { code: number; message: string; data: T };
  };
  const row = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
  const sideMenu = (page: Page) => page.locator('aside .ant-menu');

  it('creates a policy on /tenant/policy: at most 2 users, only the user screen allowed', async () => {
    await platform.goto(server.url('/tenant/policy'));
    await platform.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = platform.locator('.ant-drawer').filter({ hasText: '新增策略' });
    await drawer.locator('#policy-form_title').fill('试用两人');
    await drawer.locator('#policy-form_maxUsers').fill('2');
    const userScreen = drawer.locator('.ant-tree-treenode').filter({ has: platform.locator('.ant-tree-title', { hasText: /^用户管理$/ }) });
    await userScreen.locator('.ant-tree-checkbox').click();
    // The page, its buttons and its directory.
    await drawer.getByText(/^已选 1[0-9] 项$/).waitFor();
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await row(platform, '试用两人').waitFor();
    await snap(platform, 'tenant-policy-list');
  });

  it('creates a tenant on that policy on /tenant/manage; the generated password is shown once', async () => {
    await platform.goto(server.url('/tenant/manage'));
    await platform.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = platform.locator('.ant-drawer').filter({ hasText: '新增租户' });
    await drawer.locator('#tenant_name').fill(tenant.name);
    await drawer.locator('#tenant_code').fill(tenant.code);
    await drawer.locator('#tenant_policyId').click();
    await platform.locator('.ant-select-dropdown:visible').getByText('试用两人', { exact: true }).click();
    await drawer.locator('#tenant_adminUsername').fill(tenant.admin);
    await drawer.locator('#tenant_adminRealName').fill('星河管理员');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();

    const shown = platform.locator('.ant-modal').filter({ hasText: '只显示这一次' });
    await shown.waitFor();
    adminPassword = (await shown.locator('code').innerText()).trim();
    assert.ok(adminPassword.length >= 12, `a generated password, not "${adminPassword}"`);
    await shown.getByRole('button', { name: /我已保存/ }).click();
    await shown.waitFor({ state: 'hidden' });
    await row(platform, tenant.name).getByRole('cell', { name: tenant.admin, exact: true }).waitFor();
    assert.equal(await platform.getByText(adminPassword).count(), 0, 'the password is gone from the page');
  });

  it("signs its administrator in: the menu holds only what the policy allows; a third user is refused with the policy's limit", async () => {
    ({ page: tenantAdmin } = await newPage(browser));
    await signInWithToken(tenantAdmin, await apiLogin(server, tenant.admin, adminPassword));
    await tenantAdmin.goto(server.url('/org/user'));
    await row(tenantAdmin, tenant.admin).waitFor({ timeout: 30_000 });
    const entries = (await sideMenu(tenantAdmin).locator('.ant-menu-title-content').allInnerTexts()).map((s) => s.trim());
    // Beside what the policy allows, the personal area every signed-in user has.
    const personal = ['个人中心', '我的账号', '我的消息', '升级日志'];
    assert.deepEqual(
      entries.filter((e) => e !== 'Dashboard' && e !== '仪表盘' && !personal.includes(e)),
      ['组织管理', '用户管理'],
    );
    assert.ok(entries.includes('个人中心'), `the personal area is there: ${entries.join(', ')}`);

    const create = async (username: string, mobile: string) => {
      await tenantAdmin.getByRole('button', { name: /新增用户/ }).click();
      const dialog = tenantAdmin.locator('.ant-modal').filter({ hasText: '新增用户' });
      await dialog.getByLabel('用户名').fill(username);
      await dialog.getByLabel('密码', { exact: true }).fill('Tenant-User-2026');
      await dialog.getByLabel('真实姓名').fill(username);
      await dialog.getByLabel('手机号').fill(mobile);
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      return dialog;
    };
    const second = await create('xinghe.ops', '13900000101');
    await second.waitFor({ state: 'hidden' });
    await row(tenantAdmin, 'xinghe.ops').waitFor();
    const third = await create('xinghe.third', '13900000102');
    await tenantAdmin.getByText('租户策略最多允许 2 个用户，请联系平台管理员升级策略').waitFor();
    assert.equal(await third.isVisible(), true, 'the form stays, nothing is lost');
    await third.getByRole('button', { name: /取\s*消/ }).click();
    await snap(tenantAdmin, 'tenant-admin-quota');
  });

  it("widens the policy: the tenant's administrator holds the added screen at the next request", async () => {
    const policies = await api<{ list: { id: number; title: string }[] }>('/user/admin/tenant/policy/list?page=1&pageSize=50');
    const policyId = policies.data.list.find((p) => p.title === '试用两人')!.id;
    const full = await api<Record<string, unknown>>(`/user/admin/tenant/policy/view?id=${policyId}`);
    const menus = await api<{ list: { id: number; path: string; children: unknown[] }[] }>('/user/admin/menu/list');
    const flat: { id: number; path: string }[] = [];
    const walk = (nodes: { id: number; path: string; children: unknown[] }[]) => nodes.forEach((n) => (flat.push(n), walk(n.children as typeof nodes)));
    walk(menus.data.list);
    const postScreen = flat.find((m) => m.path === '/org/post')!.id;
    const { createdAt: _c, updatedAt: _u, tenantCount: _n, defaultTenantName: _d, ...body } = full.data;
    const saved = await api('/user/admin/tenant/policy/edit', { ...body, menuIds: [...(full.data.menuIds as number[]), postScreen] });
    assert.equal(saved.code, 0, saved.message);

    await tenantAdmin.reload();
    await sideMenu(tenantAdmin).getByText('岗位管理').waitFor({ timeout: 30_000 });
  });

  it("shows the tenant's users on its details page, acting in that tenant", async () => {
    await platform.goto(server.url('/tenant/manage'));
    await row(platform, tenant.name)
      .getByRole('link', { name: `详情 ${tenant.name}` })
      .click();
    await platform
      .getByText(`租户详情: ${tenant.name}`)
      .waitFor()
      .catch(async (e: unknown) => {
        await snap(platform, 'tenant-details-failed');
        throw e;
      });
    await platform.getByRole('tab', { name: '用户' }).click();
    await row(platform, 'xinghe.ops').waitFor();
    await row(platform, tenant.admin).waitFor();
    // The platform's own administrator is not among them.
    assert.equal(await row(platform, 'admin').count(), 0);
    await snap(platform, 'tenant-details-users');
  });

  it("lists every tenant's users with their tenant on /tenant/user/list; a deleted one is restored from /tenant/user/recycle", async () => {
    await platform.goto(server.url('/tenant/user/list'));
    await row(platform, 'xinghe.ops').getByRole('cell', { name: tenant.name, exact: true }).waitFor({ timeout: 30_000 });
    await row(platform, 'admin').waitFor();
    // Filtered to the tenant: the platform's administrator goes.
    await platform.getByLabel('所属租户').click();
    await platform.locator('.ant-select-dropdown:visible').getByText(`${tenant.name} (${tenant.code})`).click();
    await row(platform, 'admin').waitFor({ state: 'detached' });
    await row(platform, tenant.admin).waitFor();

    await row(platform, 'xinghe.ops').getByRole('button', { name: 'xinghe.ops 的更多操作' }).click();
    await platform.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '删除' }).click();
    await platform
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await row(platform, 'xinghe.ops').waitFor({ state: 'detached' });

    await platform.goto(server.url('/tenant/user/recycle'));
    await row(platform, 'xinghe.ops').getByRole('cell', { name: tenant.name, exact: true }).waitFor({ timeout: 30_000 });
    await row(platform, 'xinghe.ops')
      .getByRole('button', { name: /恢\s*复/ })
      .click();
    await row(platform, 'xinghe.ops').waitFor({ state: 'detached' });
    const users = await api<{ list: { username: string }[] }>('/user/admin/tenant/user/list?page=1&pageSize=50');
    assert.ok(
      users.data.list.some((u) => u.username === 'xinghe.ops'),
      'restored in its tenant',
    );
  });

  it('disables the tenant: its administrator meets 登录超时 at once', async () => {
    await platform.goto(server.url('/tenant/manage'));
    await row(platform, tenant.name)
      .getByRole('switch', { name: `状态 ${tenant.name}` })
      .click();
    await platform.getByText('已保存').first().waitFor();

    // No click needed: the tenant's sessions end, and the notice stream's end shows the dialog at once.
    const dialog = tenantAdmin.getByRole('dialog').filter({ hasText: '登录超时' });
    await dialog.waitFor({ timeout: 30_000 });
    // And signing in again is refused with the reason.
    const login = await fetch(`${server.origin}/user/admin/site/accountLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: tenant.admin, password: adminPassword }),
    });
    const refused = (await login.json()) as { code: number; message: string };
    assert.equal(refused.code, 60);
    assert.match(refused.message, /disabled|停用/);
  });
});
