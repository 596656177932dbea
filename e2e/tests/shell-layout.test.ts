import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, startServer, type RunningServer } from '../support/server';

/** Marks the page; the mark survives everything but a reload. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { __ucMark: number }).__ucMark = 42));
const markKept = (page: Page) => page.evaluate(() => (window as unknown as { __ucMark?: number }).__ucMark === 42);

async function chooseLanguage(page: Page, current: string, label: string) {
  await page.getByRole('button', { name: current }).hover();
  await page.locator('.ant-dropdown').getByRole('menuitem', { name: label }).click();
}

describe('shell: header, app drawer, language and direction', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    token = await apiLogin(server);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('has the fixed 60px header with the app switcher (at most half the screen) and the side menu', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    const header = page.locator('header');
    await header.getByTestId('header-apps').getByText('组织管理').waitFor();
    assert.equal((await header.boundingBox())?.height, 60);
    const apps = await page.getByTestId('header-apps').boundingBox();
    assert.ok(apps && apps.width <= 1366 / 2 + 1, `app list is ${apps?.width}px wide`);
    await page.getByTestId('header-apps').getByText('组织管理').click();
    await page.waitForURL(/\/user\/web\/org\/user$/);
    // Scrolling leaves header and sider where they are.
    await page.mouse.wheel(0, 2000);
    assert.equal((await header.boundingBox())?.y, 0);
    await context.close();
  });

  it('opens the app drawer below the header: core functions on the left, the market on the right', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    await page.getByTestId('app-drawer-button').click();
    const panel = page.locator('.ant-drawer-content-wrapper');
    await panel.getByText('核心功能').waitFor();
    const box = await panel.boundingBox();
    assert.ok(box);
    assert.equal(Math.round(box.y), 60, 'drawer starts below the 60px header');
    assert.equal(Math.round(box.width), Math.round(1366 * 0.8), 'content drawer is 80% wide');
    // The market remote's panel: never empty, it offers the example addon the server ships (market-catalogue.test.ts).
    await panel.getByTestId('market-card-hello-addon').waitFor({ timeout: 30_000 });
    await snap(page, 'shell-app-drawer');
    await panel.getByTestId('app-drawer-core').getByRole('button', { name: '权限管理' }).click();
    await page.waitForURL(/\/user\/web\/permission\/menu$/);
    await panel.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('switches language without a reload: the shell and the org remote change texts', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/org/user'));
    await page.getByRole('columnheader', { name: '用户名' }).waitFor({ timeout: 30_000 });
    await markPage(page);
    await chooseLanguage(page, '语言', 'English');
    await page.getByRole('columnheader', { name: 'Username' }).waitFor();
    await page.locator('aside').getByText('Organisation').first().waitFor();
    await page.locator('footer').getByText('Platform Technical Service Team').waitFor();
    assert.equal(await markKept(page), true, 'the page was not reloaded');
    assert.equal(await page.evaluate(() => localStorage.getItem('umi_locale')), 'en-US');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');

    // Kept across a reload.
    await page.reload();
    await page.getByRole('columnheader', { name: 'Username' }).waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('turns the whole layout right-to-left for Arabic', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    await page.locator('aside').getByText('组织管理').first().waitFor();
    await markPage(page);
    await chooseLanguage(page, '语言', 'العربية');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    // Arabic has no table: the console's English shows (the fallback for non-Chinese locales).
    await page.locator('aside').getByText('Organisation').first().waitFor();
    const sider = await page.locator('aside').boundingBox();
    assert.ok(sider && Math.round(sider.x + sider.width) === 1366, `the side menu sits on the right (x=${sider?.x})`);
    assert.ok((await page.locator('.ant-layout-rtl, .ant-menu-rtl').count()) > 0, 'antd renders right-to-left');
    assert.equal(await markKept(page), true);
    await snap(page, 'shell-rtl-ar');
    await chooseLanguage(page, 'Language', '简体中文');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await context.close();
  });

  it('shows the unread private-letter badge and opens the private messages', async () => {
    const probe = await fetch(`${server.origin}/admin/admin/notice/count/un/read`, { headers: { Authorization: token } });
    assert.equal(probe.status, 200);
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    const badge = page.getByTestId('unread-badge');
    await badge.waitFor();
    const { data } = (await probe.json()) as { data: { letterCount: number } };
    assert.match((await badge.getAttribute('title')) ?? '', new RegExp(`${data.letterCount}`));
    await badge.click();
    await page.waitForURL(/\/user\/web\/home\/message\/\?tab=private$/);
    await context.close();
  });

  it('contains a page chunk that fails to load: a retry, not a white page', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 850 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signInWithToken(page, token);
    // Learn which chunks the layout needs beyond what starts the app (the login page loads those).
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => /\/static\/js\/\d+\.\w+\.js$/.test(n)),
      );
    await page.goto(server.url('/user/login'));
    await page.getByPlaceholder('用户名').waitFor();
    const boot = new Set(await scripts());
    await page.goto(server.url('/dashboard'));
    await page.locator('aside').getByText('组织管理').first().waitFor();
    const failing = new Set((await scripts()).filter((n) => !boot.has(n)));
    assert.ok(failing.size > 0);
    const page2 = await context.newPage();
    await page2.route('**/user/web/static/js/*.js', (route) => (failing.has(route.request().url()) ? route.abort('connectionreset') : route.continue()));
    await page2.goto(server.url('/dashboard'));
    await page2.getByTestId('chunk-error').waitFor({ timeout: 30_000 });
    await page2.getByText('页面加载失败').waitFor();
    await snap(page2, 'shell-chunk-error');
    failing.clear();
    // In place first; when the federation runtime still remembers the failed shared chunk, the
    // second press loads the page afresh.
    await page2.getByRole('button', { name: '重试' }).click();
    const menu = page2.locator('aside').getByText('组织管理').first();
    await Promise.race([menu.waitFor({ timeout: 30_000 }), page2.getByTestId('chunk-error').waitFor({ timeout: 30_000 })]);
    if (!(await menu.isVisible())) await page2.getByRole('button', { name: '重试' }).click();
    await menu.waitFor({ timeout: 30_000 });
    await context.close();
  });
});
