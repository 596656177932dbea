import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { api, apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

/*
 * Issue 28, point 10, as an administrator meets each: the tenant details' user count after a user is
 * added in its 用户 tab; the icon selector filtering as the name is typed; 公告管理's menu icon; the
 * workplace's 上次登录 being the sign-in before this one; and a tenant policy deciding 工作台 and
 * 升级日志, with a tenant reading only the upgrade log of the areas open to it.
 */
describe('smaller findings (issue 28, point 10)', () => {
  let server: RunningServer;
  let browser: Browser;
  let platformToken = '';
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  const signedIn = async (token: string): Promise<Page> => {
    const { page } = await newPage(browser);
    await signInWithToken(page, token);
    return page;
  };
  const platformPage = async (): Promise<Page> => {
    platformToken ||= await apiLogin(server);
    return signedIn(platformToken);
  };
  const asPlatform = async <T>(path: string, body?: unknown): Promise<T> => {
    platformToken ||= await apiLogin(server);
    return api<T>(server, platformToken, path, body);
  };
  const row = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
  const sideMenu = (page: Page) => page.locator('aside .ant-menu');
  /** The value beside a label of an antd Descriptions. */
  const described = (page: Page, label: string) =>
    page
      .locator('.ant-descriptions-item')
      .filter({ has: page.locator('.ant-descriptions-item-label', { hasText: label }) })
      .locator('.ant-descriptions-item-content');

  it("updates the tenant details' user count when a user is added in its 用户 tab", async () => {
    const policies = await asPlatform<{ list: { id: number; isDefault: boolean }[] }>('/user/admin/tenant/policy/list?page=1&pageSize=50');
    const { tenant } = await asPlatform<{ tenant: { id: number } }>('/user/admin/tenant/edit', {
      name: '计数租户',
      code: 'count-tenant',
      policyId: policies.list.find((p) => p.isDefault)!.id,
      adminUsername: 'count.admin',
      adminRealName: '计数管理员',
      adminPassword: 'Count-Admin-2026',
    });
    const page = await platformPage();
    await page.goto(server.url(`/tenant/details/${tenant.id}`));
    const count = described(page, '用户数');
    await count.filter({ hasText: /^1$/ }).waitFor({ timeout: 30_000 });

    await page.getByRole('tab', { name: '用户' }).click();
    await row(page, 'count.admin').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /新增用户/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增用户' });
    await dialog.getByLabel('用户名').fill('count.second');
    await dialog.getByLabel('密码', { exact: true }).fill('Count-User-2026');
    await dialog.getByLabel('真实姓名').fill('第二位');
    await dialog.getByLabel('手机号').fill('13900000501');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 'count.second').waitFor();

    await page.getByRole('tab', { name: '基本信息' }).click();
    await count.filter({ hasText: /^2$/ }).waitFor();
    await snap(page, 'smaller-findings-tenant-count');
    await page.context().close();
  });

  it('filters the icon selector as the name is typed, without Enter', async () => {
    const page = await platformPage();
    await page.goto(server.url('/permission/menu'));
    const menuRow = page.locator('tr', { has: page.getByText('权限管理', { exact: true }) }).first();
    await menuRow.waitFor({ timeout: 30_000 });
    await menuRow.getByRole('button', { name: '编辑 权限管理' }).click();
    await page.getByRole('button', { name: '选择图标' }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '选择图标' });
    await modal.getByRole('option').first().waitFor();
    assert.equal(await modal.getByRole('option').count(), 40);

    // Typed key by key, as a person types; never Enter, never the search button.
    await modal.getByPlaceholder('按名称筛选').pressSequentially('notification', { delay: 20 });
    await modal.getByRole('option', { name: 'notification-outlined' }).waitFor();
    await modal.getByRole('option', { name: 'account-book-outlined' }).waitFor({ state: 'detached' });
    const names = await modal.getByRole('option').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    assert.ok(names.length > 0 && names.every((n) => n.includes('notification')), names.join(', '));
    await snap(page, 'smaller-findings-icon-filter');
    await page.context().close();
  });

  it('draws the 公告管理 menu icon', async () => {
    const page = await platformPage();
    await page.goto(server.url('/home/notice/manage'));
    const entry = sideMenu(page).getByRole('menuitem', { name: '公告管理' });
    await entry.waitFor({ timeout: 30_000 });
    const icon = entry.locator('.ant-menu-item-icon');
    assert.equal(await icon.count(), 1, 'the entry has an icon');
    await page.evaluate(() => document.fonts.ready);
    const drawn = await icon.evaluate((el) => ({
      width: el.getBoundingClientRect().width,
      content: getComputedStyle(el, '::before').content,
      tag: el.tagName,
    }));
    assert.ok(drawn.width > 0, `the icon takes room: ${JSON.stringify(drawn)}`);
    // Drawn from the icon font: a private-use code point.
    assert.equal(drawn.tag, 'I');
    assert.match(drawn.content, /^"[\uE000-\uF8FF]"$/);
    await snap(page, 'smaller-findings-notice-icon');
    await page.context().close();
  });

  it("shows as 上次登录 the sign-in before this session's, and says so at a first sign-in", async () => {
    await asPlatform('/user/admin/member/edit', { username: 'returning.user', realName: '回访用户', mobile: '13900000502', password: 'Returning-2026' });
    const lastLogin = (page: Page) => described(page, '上次登录');

    const firstToken = await apiLogin(server, 'returning.user', 'Returning-2026');
    const first = await signedIn(firstToken);
    await first.goto(server.url('/dashboard/workplace'));
    await lastLogin(first).filter({ hasText: '这是您的首次登录' }).waitFor({ timeout: 30_000 });

    const secondToken = await apiLogin(server, 'returning.user', 'Returning-2026');
    const sessions = await asPlatform<{ list: { id: number; username: string; createdAt: string }[] }>('/user/admin/online/list?page=1&pageSize=100');
    const opened = sessions.list.filter((s) => s.username === 'returning.user').sort((a, b) => a.id - b.id);
    assert.equal(opened.length, 2);
    const second = await signedIn(secondToken);
    await second.goto(server.url('/dashboard/workplace'));
    // The console's own format (formatDateTime): the first session's sign-in, to the minute, and its address.
    const expected = await second.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
          new Date(iso),
        ),
      opened[0]!.createdAt,
    );
    await lastLogin(second)
      .filter({ hasText: `${expected}，IP 127.0.0.1` })
      .waitFor({ timeout: 30_000 });
    await snap(second, 'smaller-findings-last-login');

    // The first browser still sees its own previous sign-in (none), not the second one.
    await first.reload();
    await lastLogin(first).filter({ hasText: '这是您的首次登录' }).waitFor({ timeout: 30_000 });
    await first.context().close();
    await second.context().close();
  });

  it('lets a tenant policy allow or deny 工作台 and 升级日志; a tenant reads the upgrade log of its areas only', async () => {
    type MenuNode = { id: number; path: string; children: MenuNode[] };
    const menus = await asPlatform<{ list: MenuNode[] }>('/user/admin/menu/list');
    const flat: MenuNode[] = [];
    const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (flat.push(n), walk(n.children)));
    walk(menus.list);
    const idOf = (path: string) => flat.find((m) => m.path === path)!.id;
    const policy = await asPlatform<{ id: number }>('/user/admin/tenant/policy/edit', { title: '只有用户管理', menuIds: [idOf('/org'), idOf('/org/user')] });
    await asPlatform('/user/admin/tenant/edit', {
      name: '策略租户',
      code: 'policy-tenant',
      policyId: policy.id,
      adminUsername: 'policy.admin',
      adminRealName: '策略管理员',
      adminPassword: 'Policy-Admin-2026',
    });

    // Denied: no 工作台 to land on (the first page of the menu instead), neither entry in the menu, 403 at their addresses.
    const tenant = await signedIn(await apiLogin(server, 'policy.admin', 'Policy-Admin-2026'));
    await tenant.goto(server.url('/dashboard'));
    await tenant.waitForURL(/\/user\/web\/org\/user$/, { timeout: 30_000 });
    // The personal area opened: its own pages are there, the upgrade log is not; no dashboard at all.
    await sideMenu(tenant).getByText('个人中心', { exact: true }).click();
    await sideMenu(tenant).getByRole('menuitem', { name: '我的账号' }).waitFor();
    await sideMenu(tenant).getByRole('menuitem', { name: '我的消息' }).waitFor();
    const entries = (await sideMenu(tenant).locator('.ant-menu-title-content').allInnerTexts()).map((s) => s.trim());
    assert.deepEqual(
      entries.filter((e) => ['仪表盘', '工作台', '升级日志'].includes(e)),
      [],
      entries.join(', '),
    );
    await tenant.goto(server.url('/home/upgrade/logs'));
    await tenant.getByText('抱歉，你无权访问该页面。').waitFor({ timeout: 30_000 });

    // The platform allows both in the policy's tree.
    const platform = await platformPage();
    await platform.goto(server.url('/tenant/policy'));
    await row(platform, '只有用户管理').getByRole('button', { name: '编辑 只有用户管理' }).click({ timeout: 30_000 });
    const drawer = platform.locator('.ant-drawer').filter({ hasText: '编辑策略' });
    for (const page of ['工作台', '升级日志']) {
      const node = drawer.locator('.ant-tree-treenode').filter({ has: platform.locator('.ant-tree-title', { hasText: new RegExp(`^${page}$`) }) });
      await node.locator('.ant-tree-checkbox').click();
      await node.locator('.ant-tree-checkbox-checked').waitFor();
    }
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await drawer.waitFor({ state: 'hidden' });

    await tenant.goto(server.url('/dashboard'));
    await tenant.waitForURL(/\/user\/web\/dashboard\/workplace$/, { timeout: 30_000 });
    await sideMenu(tenant).getByRole('menuitem', { name: '工作台' }).waitFor();
    await tenant.goto(server.url('/home/upgrade/logs'));
    // Open now, and in the menu (its directory opened on its page).
    await sideMenu(tenant).getByRole('menuitem', { name: '升级日志' }).waitFor({ timeout: 30_000 });
    // The areas it uses (org by its policy, home by its personal pages), not the server's schema nor the platform's areas.
    await row(tenant, 'org').waitFor({ timeout: 30_000 });
    await row(tenant, 'home').waitFor();
    for (const plugin of ['user-centre', 'tenant', 'permission', 'market']) assert.equal(await row(tenant, plugin).count(), 0, `${plugin} is not the tenant's`);
    await snap(tenant, 'smaller-findings-tenant-upgrade-log');

    await platform.goto(server.url('/home/upgrade/logs'));
    for (const plugin of ['user-centre', 'tenant', 'org', 'home']) await row(platform, plugin).first().waitFor({ timeout: 30_000 });
    await tenant.context().close();
    await platform.context().close();
  });
});
