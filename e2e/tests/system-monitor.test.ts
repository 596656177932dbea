import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInThroughForm, signInWithToken } from '../support/console';
import { api, apiLogin, startServer, type RunningServer } from '../support/server';

/**
 * 系统监控 (issue 28, point 2): a tenant's administrator finds 在线用户, 登录日志 and 操作日志 in the side
 * menu (the default policy allows them), reads only his tenant's rows, filters and exports them, and
 * ends one of his users' sessions, which then meets 登录超时 in its own browser; the platform reads
 * every tenant's rows and filters them by tenant.
 */
describe('system monitor: online users, sign-in log and operation log', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let bobContext: BrowserContext;
  let bob: Page;
  const adminPassword = 'acme-Admin-Pass-2026';
  const bobPassword = 'bob-Pass-2026';

  /** Exports the list on screen to CSV and answers the file's text. */
  const exportCsv = async (page: Page): Promise<string> => {
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: '导出 CSV' }).click()]);
    return readFile((await file.path())!, 'utf8');
  };
  const rows = (page: Page, text: string) => page.locator('.ant-table-tbody tr').filter({ hasText: text });

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const platform = await apiLogin(server);
    const policies = await api<{ list: { id: number; isDefault: boolean }[] }>(server, platform, '/user/admin/tenant/policy/option');
    await api(server, platform, '/user/admin/tenant/edit', {
      name: 'Acme',
      code: 'acme',
      policyId: policies.list.find((p) => p.isDefault)!.id,
      adminUsername: 'acme.admin',
      adminRealName: 'Acme Admin',
      adminPassword,
    });
    const acme = await apiLogin(server, 'acme.admin', adminPassword);
    await api(server, acme, '/user/admin/member/edit', { username: 'acme.bob', realName: 'Bob Acme', mobile: '13800000951', password: bobPassword });
    // A failed sign-in of Bob's (wrong password), then Bob signs in through the form in his own browser.
    const wrong = await fetch(`${server.origin}/user/admin/site/accountLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'acme.bob', password: 'not-his-password' }),
    });
    assert.notEqual(((await wrong.json()) as { code: number }).code, 0);
    ({ context: bobContext, page: bob } = await newPage(browser));
    await bob.goto(server.url('/user/login'));
    await signInThroughForm(bob, 'acme.bob', bobPassword);
    await bob.waitForURL(/\/user\/web\/dashboard/, { timeout: 30_000 });
    await bob.getByTestId('unread-badge').waitFor({ timeout: 30_000 });

    ({ page: admin } = await newPage(browser));
    await admin.goto(server.url('/user/login'));
    await signInThroughForm(admin, 'acme.admin', adminPassword);
    await admin.waitForURL(/\/user\/web\/dashboard/, { timeout: 30_000 });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("opens 登录日志 from the 系统监控 menu: the tenant's sign-ins only, filtered and exported", async () => {
    const menu = admin.locator('aside');
    await menu.getByText('系统监控').click();
    for (const entry of ['在线用户', '登录日志', '操作日志']) await menu.getByText(entry).waitFor();
    await menu.getByText('登录日志').click();
    await admin.waitForURL(/\/user\/web\/monitor\/login-log$/);
    await rows(admin, 'acme.bob').filter({ hasText: '登录成功' }).waitFor({ timeout: 30_000 });
    await rows(admin, 'acme.bob').filter({ hasText: '用户名或密码错误' }).waitFor();
    await rows(admin, 'acme.admin').first().waitFor();
    assert.equal(await rows(admin, 'acme.bob').count(), 2);
    // The platform's sign-ins are not the tenant's to read, nor is there a tenant column or filter.
    assert.equal(await rows(admin, 'admin').filter({ hasNotText: 'acme.' }).count(), 0);
    assert.equal(await admin.getByRole('columnheader', { name: '租户' }).count(), 0);
    await snap(admin, 'monitor-login-log');

    await admin.locator('.ant-segmented').getByText('失败').click();
    await rows(admin, 'acme.admin').first().waitFor({ state: 'detached' });
    assert.equal(await rows(admin, 'acme.bob').count(), 1);
    const csv = await exportCsv(admin);
    assert.match(csv, /^\uFEFF"用户名","结果","说明","登录方式"/);
    assert.match(csv, /"acme\.bob","失败","用户名或密码错误","账号密码","127\.0\.0\.1"/);
    assert.doesNotMatch(csv, /"成功"/);
  });

  it('opens 操作日志: who did what, on which record, with the fields sent; keyword search and export', async () => {
    await admin.locator('aside').getByText('操作日志').click();
    await admin.waitForURL(/\/user\/web\/monitor\/operation-log$/);
    const created = rows(admin, '/user/admin/member/edit');
    await created.first().waitFor({ timeout: 30_000 });
    await created.getByText('新增用户 / 编辑用户').waitFor();
    await created.getByText('acme.admin').waitFor();
    await created.getByText('username', { exact: true }).waitFor();
    await created.getByText('password', { exact: true }).waitFor();
    const search = admin.getByPlaceholder('搜索操作人、接口地址或操作对象');
    await search.fill('member/edit');
    await search.press('Enter');
    await admin.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 1);
    const csv = await exportCsv(admin);
    assert.match(csv, /"acme\.admin","新增用户 \/ 编辑用户","\/user\/admin\/member\/edit"/);
    assert.doesNotMatch(csv, /bob-Pass-2026/);
    await snap(admin, 'monitor-operation-log');
  });

  it("opens 在线用户 and force-logs-out Bob's session, which meets 登录超时 in his own browser", async () => {
    await admin.locator('aside').getByText('在线用户').click();
    await admin.waitForURL(/\/user\/web\/monitor\/online$/);
    const bobRow = rows(admin, 'acme.bob');
    await bobRow.waitFor({ timeout: 30_000 });
    await bobRow.getByText('Bob Acme').waitFor();
    // The administrator's own session (this browser's) is marked and has no force logout.
    const own = rows(admin, 'acme.admin').filter({ hasText: '当前会话' });
    await own.waitFor();
    assert.equal(await own.getByRole('button', { name: /强制退出/ }).count(), 0);
    const csv = await exportCsv(admin);
    assert.match(csv, /"acme\.bob","Bob Acme"/);
    await snap(admin, 'monitor-online');

    await bobRow.getByRole('button', { name: /强制退出/ }).click();
    await admin
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /强制退出/ })
      .click();
    await admin.getByText('已强制退出').waitFor();
    await bobRow.waitFor({ state: 'detached' });

    // No click in Bob's tab: the notice stream ends and the console says so.
    await bob.getByRole('dialog').filter({ hasText: '登录超时' }).waitFor({ timeout: 15_000 });
    await snap(bob, 'monitor-online-forced-out');
    await bobContext.close();
  });

  it("shows the platform every tenant's sign-ins with their tenant, filtered by tenant", async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    await page.goto(server.url('/monitor/login-log'));
    await rows(page, 'acme.bob').first().waitFor({ timeout: 30_000 });
    await rows(page, 'acme.bob').first().getByRole('cell', { name: 'Acme', exact: true }).waitFor();
    await page.getByRole('columnheader', { name: '租户' }).waitFor();
    // The platform's own sign-ins are there too, until the tenant filter leaves only Acme's.
    await rows(page, '平台').first().waitFor();
    await page.getByLabel('所属租户').click();
    await page.locator('.ant-select-dropdown').getByText('Acme (acme)').click();
    await rows(page, '平台').first().waitFor({ state: 'detached' });
    await rows(page, 'acme.bob').first().waitFor();
    await snap(page, 'monitor-login-log-platform');
    await context.close();
  });
});
