import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInThroughForm, signInWithToken } from '../support/console';
import { api, apiLogin, startServer, type RunningServer } from '../support/server';

/** The chart library's chunk (apps/home/src/features/dashboard/chart-card.tsx names it). */
const CHARTS_CHUNK = /\/remotes\/home\/[^/]+\/static\/js\/dashboard-charts\.[0-9a-f]+\.js$/;

/** The rows of a chart card's table view, as cell texts. */
async function tableView(card: Locator): Promise<string[][]> {
  await card.getByText('表格', { exact: true }).click();
  const rows = card.locator('.ant-table-tbody tr.ant-table-row');
  await rows.first().waitFor();
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

/** Today in the browser's time zone (the page sends that zone, so the server's days are the same). */
const todayIn = (page: Page) => page.evaluate(() => new Date().toLocaleDateString('sv-SE'));

describe('dashboard: the workplace, the analysis and the monitor in the home remote', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken = '';
  /** Sign-ins made by this suite (the analysis counts them): every one is today's. */
  const signIns = { succeeded: 0, failed: 0 };
  const charts: string[] = [];
  const watchCharts = (page: Page) => page.on('request', (req) => CHARTS_CHUNK.test(new URL(req.url()).pathname) && charts.push(page.url()));

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminToken = await apiLogin(server);
    signIns.succeeded += 1;
    const doraId = (
      await api<{ id: number }>(server, adminToken, '/user/admin/member/edit', {
        username: 'dora',
        realName: 'Dora',
        mobile: '13800000061',
        password: 'dora-password-1',
      })
    ).id;
    for (let i = 0; i < 3; i += 1) await apiLogin(server, 'dora', 'dora-password-1');
    signIns.succeeded += 3;
    for (let i = 0; i < 2; i += 1) {
      await assert.rejects(apiLogin(server, 'dora', 'not-her-password'));
    }
    signIns.failed += 2;
    await api(server, adminToken, '/admin/admin/notice/letter/send', { title: 'Welcome aboard', content: '<p>Hello Dora</p>', userIds: [doraId] });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lands a sign-in on the workplace: greeting, the shortcuts the user may open, the unread letter; no chart code', async () => {
    const { context, page } = await newPage(browser);
    watchCharts(page);
    const fetchedOnLogin: string[] = [];
    page.on('request', (req) => fetchedOnLogin.push(new URL(req.url()).pathname));
    await page.goto(server.url('/user/login'));
    await page.getByPlaceholder('用户名').waitFor();
    assert.deepEqual(
      fetchedOnLogin.filter((p) => p.includes('/remotes/')),
      [],
      'the login page loads no remote',
    );
    await signInThroughForm(page, 'dora', 'dora-password-1');
    signIns.succeeded += 1;
    await page.waitForURL((u) => u.pathname === '/user/web/dashboard/workplace', { timeout: 30_000 });

    await page.getByText('Dora', { exact: false }).first().waitFor({ timeout: 30_000 });
    const shortcuts = page.getByTestId('workplace-shortcuts');
    await shortcuts.getByRole('link', { name: '我的消息' }).waitFor();
    // A user without roles opens the pages open to everyone, and nothing an administrator has.
    assert.equal(await shortcuts.getByRole('link', { name: '用户管理' }).count(), 0);
    assert.equal(await shortcuts.getByRole('link', { name: '工作台' }).count(), 0, 'no shortcut to the page itself');
    const letters = page.getByTestId('workplace-unread-letters');
    await letters.getByText('1', { exact: true }).waitFor();
    assert.equal(await page.getByTestId('workplace-failed').count(), 0, 'failed sign-ins are for administrators');
    assert.equal(await page.getByTestId('workplace-attention').count(), 0, "a platform user holding none of the operators' screens has no attention card");
    await snap(page, 'dashboard-workplace');

    await letters.click();
    await page.waitForURL(/\/home\/message\?tab=private$/);
    await page.getByText('Welcome aboard').waitFor({ timeout: 30_000 });
    // Analysis and monitor are not hers: the menu has neither, and their addresses are closed.
    await page.goto(server.url('/dashboard/monitor'));
    await page.getByText('抱歉，你无权访问该页面。').waitFor({ timeout: 30_000 });
    assert.deepEqual(charts, [], 'no page so far loaded the chart library');
    await context.close();
  });

  it("shows an administrator the tenant's failed sign-ins and their own recent writes", async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, adminToken);
    await page.goto(server.url('/dashboard'));
    await page.waitForURL((u) => u.pathname === '/user/web/dashboard/workplace', { timeout: 30_000 });
    const failed = page.getByTestId('workplace-failed');
    await failed.getByText('dora').first().waitFor({ timeout: 30_000 });
    assert.equal(await failed.getByText('用户名或密码错误').count(), signIns.failed);
    await page.getByTestId('workplace-activity').getByText('/user/admin/member/edit').first().waitFor();
    await page.getByTestId('workplace-shortcuts').getByRole('link', { name: '分析页' }).waitFor();
    await context.close();
  });

  it('draws the analysis charts from the seeded figures, and their table views read the same numbers', async () => {
    const { context, page } = await newPage(browser);
    watchCharts(page);
    await signInWithToken(page, adminToken);
    await page.goto(server.url('/dashboard/analysis'));
    const today = await todayIn(page);

    const signInCard = page.getByTestId('analysis-sign-ins');
    // Drawn by the chart library, fetched for this page only.
    await signInCard.locator('canvas[role="img"]').waitFor({ timeout: 30_000 });
    assert.equal(charts.length, 1, 'the chart chunk loads on the analysis page');
    await page.getByTestId('analysis-scope').getByText('统计范围：全部租户').waitFor();
    await page.getByTestId('analysis-methods').locator('canvas[role="img"]').waitFor();
    await snap(page, 'dashboard-analysis');

    const rows = await tableView(signInCard);
    assert.deepEqual(
      rows.find((r) => r[0] === today),
      [today, String(signIns.succeeded), String(signIns.failed)],
    );
    assert.equal(rows.length, 30, 'one row per day of the default range (30 days)');
    const methods = await tableView(page.getByTestId('analysis-methods'));
    assert.deepEqual(
      methods.find((r) => r[0] === '账号密码'),
      ['账号密码', String(signIns.succeeded + signIns.failed), String(signIns.succeeded), String(signIns.failed)],
    );
    // Columns: the day, self-registered, added or imported (everyone else), and the total.
    const registrations = await tableView(page.getByTestId('analysis-registrations'));
    assert.deepEqual(
      registrations.find((r) => r[0] === today),
      [today, '0', '2', '2'],
      'admin (seeded, not self-registered) and dora (added by the admin) were created today; nobody signed up',
    );
    assert.equal(registrations.length, 30, 'one row per day of the default range (30 days)');
    await page.getByTestId('analysis-users').getByText('用户总数').waitFor();

    // The 7-day preset asks again: seven rows.
    await page.getByRole('textbox').first().click();
    await page.locator('.ant-picker-presets').getByText('最近 7 天').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="analysis-sign-ins"] .ant-table-tbody tr.ant-table-row').length === 7, undefined, {
      timeout: 30_000,
    });
    await context.close();
  });

  it('shows the platform administrators every registered remote with its version, refreshed live', async () => {
    const registry = await api<{ name: string; version: string }[]>(server, adminToken, '/user/admin/site/remotes');
    const { context, page } = await newPage(browser);
    await signInWithToken(page, adminToken);
    await page.goto(server.url('/dashboard/monitor'));
    const remotes = page.getByTestId('monitor-remotes');
    await remotes.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    for (const r of registry) {
      const row = remotes.locator('.ant-table-row').filter({ has: page.getByText(r.name, { exact: true }) });
      await row.getByText(r.version, { exact: true }).waitFor();
      await row.getByText('正常').waitFor();
    }
    assert.ok(registry.some((r) => r.name === 'home'));
    await page.getByTestId('monitor-database').getByText('内嵌 PGlite', { exact: true }).waitFor();
    // The statements the server sent for this suite's calls, timed in its database client: SQL text
    // with values as placeholders (the user name signed in with above appears in none).
    const statements = page.getByTestId('monitor-slow-statements');
    await statements.locator('.ant-table-row').first().waitFor();
    const rows = await statements.locator('.ant-table-row').allTextContents();
    assert.ok(rows.length > 0 && rows.length <= 10, `one to ten statements: ${rows.length}`);
    for (const row of rows) {
      assert.match(row.trim(), /^(select|insert|update|delete|with)\b/i, row);
      assert.doesNotMatch(row, /dora/, 'values travel as parameters');
    }
    // This suite's calls were counted: the requests chart has something to draw.
    await page.getByTestId('monitor-requests').locator('canvas[role="img"]').waitFor({ timeout: 30_000 });
    await snap(page, 'dashboard-monitor');

    // Live: the figures' time moves without a reload.
    const stamp = page.getByTestId('monitor-refreshed');
    const first = await stamp.textContent();
    await page.waitForFunction((before) => document.querySelector('[data-testid="monitor-refreshed"]')?.textContent !== before, first, { timeout: 20_000 });
    await context.close();
  });

  // Last: the tenant it makes has an administrator created today, which the analysis above would count.
  it("shows the platform's administrator a tenant whose licence ends soon, and opens its details from there", async () => {
    const policies = await api<{ list: { id: number }[] }>(server, adminToken, '/user/admin/tenant/policy/option');
    // The licence runs through the day chosen: five days from now (UTC, as the server reads the day).
    const lastDay = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const { tenant } = await api<{ tenant: { id: number } }>(server, adminToken, '/user/admin/tenant/edit', {
      name: '晨星贸易',
      code: 'morning-star',
      policyId: policies.list[0]!.id,
      expiresAt: lastDay,
      adminUsername: 'morning.admin',
      adminRealName: 'Morning Admin',
    });

    const { context, page } = await newPage(browser);
    await signInWithToken(page, adminToken);
    await page.goto(server.url('/dashboard/workplace'));
    const card = page.getByTestId('workplace-attention');
    const tenants = card.getByTestId('attention-tenants');
    await tenants.getByText(`授权到 ${lastDay}`).waitFor({ timeout: 30_000 });
    // Every remote of this server answers and no addon was installed: those lists say so.
    await card.getByTestId('attention-remotes').getByText('每个已启用的远程模块都能访问').waitFor();
    await card.getByTestId('attention-addons').getByText('没有安装失败的应用').waitFor();
    await snap(page, 'dashboard-workplace-attention');

    await tenants.getByRole('link', { name: '晨星贸易' }).click();
    await page.waitForURL((u) => u.pathname === `/user/web/tenant/details/${tenant.id}`, { timeout: 30_000 });
    await page.getByText('租户详情: 晨星贸易').waitFor({ timeout: 30_000 });
    await context.close();
  });
});
