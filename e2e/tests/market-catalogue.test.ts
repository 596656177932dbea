import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { api, apiLogin, startServer, type RunningServer } from '../support/server';

/*
 * Issue 28, point 6: the market is never empty. A console as `pnpm build && pnpm start` makes it, on
 * an empty DATA_DIR and nothing configured for the market, lists its own areas as installed and offers
 * the example addon that ships with the server build, which installs and runs. The app drawer links
 * to the market page, and its market panel is usable on a phone or small tablet (400 to 600px; it was
 * 15 and 175px wide). How to fill a market or configure sign-in providers is told to the platform's
 * administrators only, and tenant users never read a server setting.
 */

const OPERATOR_WORDS = /MARKET_DIR|MARKET_CATALOGUE_URLS|DATA_DIR|OIDC_PROVIDERS|pnpm|README|\.tgz/;

describe('the market of a new console', () => {
  let server: RunningServer;
  let browser: Browser;
  let platform: string;
  let tenantAdmin: string;
  const tenantPassword = 'acme-Admin-Pass-2026';

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    platform = await apiLogin(server);
    const policies = await api<{ list: { id: number; isDefault: boolean }[] }>(server, platform, '/user/admin/tenant/policy/option');
    await api(server, platform, '/user/admin/tenant/edit', {
      name: 'Acme',
      code: 'acme',
      policyId: policies.list.find((p) => p.isDefault)!.id,
      adminUsername: 'acme.admin',
      adminRealName: 'Acme Admin',
      adminPassword: tenantPassword,
    });
    tenantAdmin = await apiLogin(server, 'acme.admin', tenantPassword);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const openDrawer = async (page: Page) => {
    await page.goto(server.url('/dashboard'));
    await page.getByTestId('app-drawer-button').click({ timeout: 30_000 });
    const drawer = page.getByTestId('app-drawer');
    await drawer.getByTestId('market-grid').waitFor({ timeout: 30_000 });
    return drawer;
  };

  it("lists the console's own areas as installed and offers the example addon, in the drawer and on the market page", async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, platform);
    const drawer = await openDrawer(page);

    const example = drawer.getByTestId('market-card-hello-addon');
    await example.getByTestId('market-card-title').getByText('示例应用').waitFor();
    assert.equal(await example.getByTestId('market-card-status').textContent(), '未安装');
    assert.equal(await example.getByTestId('market-install').count(), 1);

    const org = drawer.getByTestId('market-card-org');
    assert.equal(await org.getByTestId('market-card-title').textContent(), '组织管理');
    assert.equal(await org.getByTestId('market-card-status').textContent(), '已安装');
    assert.equal(await org.getByTestId('market-built-in').textContent(), '内置');
    assert.match((await org.getByTestId('market-card-version').textContent()) ?? '', /^0\.1\.0/);
    assert.equal(await org.getByTestId('market-details').count(), 1);
    for (const area of ['permission', 'tenant', 'home', 'market']) assert.equal(await drawer.getByTestId(`market-card-${area}`).count(), 1, area);
    await snap(page, 'market-catalogue-drawer');

    // 管理应用: the market page, in the console, without a reload.
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    await drawer.getByRole('link', { name: /管理应用/ }).click();
    await page.waitForURL(/\/user\/web\/addons\/market$/);
    const manage = page.getByTestId('market-manage');
    await manage.getByRole('row').filter({ hasText: '示例应用' }).waitFor({ timeout: 30_000 });
    const orgRow = manage.getByRole('row').filter({ hasText: '组织管理' });
    assert.equal(await orgRow.getByTestId('market-built-in').count(), 1);
    assert.equal(await orgRow.getByTestId('market-manage-status-org').textContent(), '已安装');
    assert.equal(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same), true, 'no reload');
    await context.close();
  });

  it('shows a built-in area’s details: its pages, its build, no action', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, platform);
    const cards = await api<{ list: { name: string; versionId: string }[] }>(server, platform, '/admin/admin/site/app/list');
    const org = cards.list.find((c) => c.name === 'org')!;
    await page.goto(server.url(`/addons/market/details/${encodeURIComponent(org.versionId)}`));
    await page.getByTestId('market-details-built-in').waitFor({ timeout: 30_000 });
    await page.getByTestId('market-details-pages').getByText('用户管理').waitFor();
    assert.equal(await page.getByTestId('market-actions').count(), 0);
    await context.close();
  });

  it('installs the example addon from the catalogue the server ships, and its page runs', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, platform);
    await page.goto(server.url(`/addons/market/details/${encodeURIComponent('hello-addon@0.1.0')}`));
    await page.getByTestId('market-action-install').click({ timeout: 30_000 });
    await page.getByTestId('market-details-status').getByText('已安装').waitFor({ timeout: 90_000 });
    await page.goto(server.url('/hello-addon/hello'));
    await page.getByText('你好，管理员！').waitFor({ timeout: 30_000 });
    await context.close();
  });

  for (const width of [400, 480, 600]) {
    it(`keeps the drawer's market panel usable at ${width}px: the whole width, cards readable`, async () => {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width, height: 800 } });
      const page = await context.newPage();
      await signInWithToken(page, platform);
      const drawer = await openDrawer(page);
      const market = (await drawer.getByTestId('app-drawer-market').boundingBox())!;
      const card = (await drawer.getByTestId('market-card-org').boundingBox())!;
      assert.ok(market.width >= width - 1, `the market panel is ${market.width}px wide at ${width}px`);
      assert.ok(card.width >= width - 64, `a card is ${card.width}px wide at ${width}px`);
      assert.ok(card.x >= 0 && card.x + card.width <= width, 'the card fits the screen');
      // No sideways scrolling inside the drawer, and the core functions are still there.
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
      await drawer.getByTestId('app-drawer-core').getByRole('button', { name: '组织管理' }).waitFor();
      // The search and a card's button can be used.
      await drawer.getByTestId('market-search').locator('input').fill('示例');
      await drawer.getByTestId('market-search').locator('input').press('Enter');
      await drawer.getByTestId('market-card-org').waitFor({ state: 'detached' });
      assert.equal(await drawer.getByTestId('market-card-hello-addon').getByTestId('market-details').isVisible(), true);
      await snap(page, `market-catalogue-drawer-${width}`);
      await context.close();
    });
  }

  it("shows a tenant's administrator his own areas, no link to manage applications, and no server setting anywhere", async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, tenantAdmin);
    const drawer = await openDrawer(page);
    await drawer.getByTestId('market-card-org').waitFor();
    // The tenant area holds pages of his (平台绑定) beside the platform's tenant screens, which are not his to read of.
    const tenantArea = await drawer.getByTestId('market-card-tenant').textContent();
    assert.doesNotMatch(tenantArea ?? '', /租户策略|租户列表|系统设置/);
    assert.equal(await drawer.getByRole('link', { name: /管理应用/ }).count(), 0);
    await drawer.getByTestId('market-search').locator('input').fill('no-such-app');
    await drawer.getByTestId('market-search').locator('input').press('Enter');
    await drawer.getByTestId('market-empty').waitFor();
    assert.doesNotMatch((await drawer.textContent()) ?? '', OPERATOR_WORDS);

    // No sign-in provider is configured: he is told whom to ask, not how the server is set up.
    await page.goto(server.url('/home/account?view=settings&tab=binding'));
    const none = page.getByTestId('third-party-none');
    await none.waitFor({ timeout: 30_000 });
    assert.doesNotMatch((await none.textContent()) ?? '', OPERATOR_WORDS);
    assert.doesNotMatch((await none.textContent()) ?? '', /callback|回调/);
    await context.close();
  });

  it('tells the platform administrator how to add a sign-in provider, with the callback address to register', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, platform);
    await page.goto(server.url('/home/account?view=settings&tab=binding'));
    const none = page.getByTestId('third-party-none');
    await none.waitFor({ timeout: 30_000 });
    const text = (await none.textContent()) ?? '';
    assert.match(text, /OIDC_PROVIDERS/);
    assert.ok(text.includes(`${server.origin}/user/admin/oidc/callback`), text);
    assert.doesNotMatch(text, /README|clientSecret/);
    await context.close();
  });
});
