import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

const WIDTH = 1366;

/** Starts a page signed in, in the given locale (kept under umi's key, as the language selector does). */
async function consoleIn(browser: Browser, token: string, locale: string): Promise<Page> {
  const { page } = await newPage(browser);
  await page.context().addInitScript((l) => localStorage.setItem('umi_locale', l), locale);
  await signInWithToken(page, token);
  return page;
}

/** Waits until the console's service worker controls the page (it claims clients on activation). */
async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
  await page.waitForFunction(async () => {
    const key = (await caches.keys()).find((k) => k.startsWith('uc-shell-'));
    return !!key && (await (await caches.open(key)).keys()).some((r) => r.url.endsWith('/user/web/index.html'));
  });
}

describe('shell: right-to-left drawer, offline pages and the favicon', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('opens the app drawer on the side of its button, in Arabic (right) as in Chinese (left)', async () => {
    token = await apiLogin(server);
    for (const [locale, side] of [
      ['ar-EG', 'right'],
      ['zh-CN', 'left'],
    ] as const) {
      const page = await consoleIn(browser, token, locale);
      await page.goto(server.url('/dashboard'));
      // Arabic readers get the English texts, in a mirrored layout.
      await page
        .locator('aside')
        .getByText(locale === 'ar-EG' ? 'Organisation' : '组织管理')
        .first()
        .waitFor({ timeout: 30_000 });
      assert.equal(await page.evaluate(() => document.documentElement.dir), locale === 'ar-EG' ? 'rtl' : 'ltr');
      const sider = (await page.locator('aside').boundingBox())!;
      assert.equal(Math.round(side === 'right' ? sider.x + sider.width : sider.x), side === 'right' ? WIDTH : 0, `the side menu is on the ${side}`);

      // The header's app list has its room (at most half the screen): the longer English titles do not collapse it to two.
      const shown = await page.getByTestId('header-apps').locator(':scope > li:not([aria-hidden="true"])').filter({ hasText: /\S/ }).count();
      // Every area the admin's menu leads to (the served ones: 工作台, 组织管理, 权限管理, 租户管理).
      assert.ok(shown >= 4, `${shown} header apps shown`);

      const button = page.getByTestId('app-drawer-button');
      const buttonBox = (await button.boundingBox())!;
      await button.click();
      const panel = page.locator('.ant-drawer-content-wrapper');
      await panel.getByText(locale === 'ar-EG' ? 'Core functions' : '核心功能').waitFor();
      // The drawer slides in: measure once it has arrived.
      await page.waitForFunction((s) => {
        const r = document.querySelector('.ant-drawer-content-wrapper')!.getBoundingClientRect();
        return s === 'right' ? Math.abs(r.right - window.innerWidth) < 1 : Math.abs(r.left) < 1;
      }, side);
      const drawer = (await panel.boundingBox())!;
      const buttonMid = buttonBox.x + buttonBox.width / 2;
      if (side === 'right') assert.ok(buttonMid > WIDTH / 2, `the button sits on the right in RTL (x=${buttonBox.x})`);
      else assert.ok(buttonMid < WIDTH / 2, `the button sits on the left in LTR (x=${buttonBox.x})`);
      assert.ok(
        drawer.x <= buttonBox.x && drawer.x + drawer.width >= buttonBox.x + buttonBox.width,
        `the drawer (x=${drawer.x}, w=${drawer.width}) spans its button (x=${buttonBox.x})`,
      );
      assert.equal(Math.round(drawer.width), Math.round(WIDTH * 0.8), 'the content drawer is 80% wide');
      assert.equal(Math.round(drawer.y), 60, 'below the 60px header');
      if (locale === 'ar-EG') {
        assert.equal(await page.locator('.ant-drawer-rtl').count(), 1, "antd's drawer renders right-to-left");
        await snap(page, 'shell-rtl-drawer-ar');
      }
      await page.context().close();
    }
  });

  it('spaces iconfont menu icons from their labels as antd spaces its own icons, in both directions', async () => {
    token ??= await apiLogin(server);
    for (const locale of ['zh-CN', 'ar-EG']) {
      const page = await consoleIn(browser, token, locale);
      // The first side-menu entry carries an iconfont icon (the seed menus carry antd icon names).
      await page.context().route('**/user/admin/role/antd/menu*', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { list: { icon: string }[] } };
        body.data.list[0]!.icon = 'icon-dashboard-outlined';
        await route.fulfill({ response, json: body });
      });
      await page.goto(server.url('/dashboard'));
      const glyph = page.locator('aside i.iconfont.icon-dashboard-outlined');
      await glyph.waitFor({ state: 'attached', timeout: 30_000 });
      // The glyph is drawn: the menu loaded the font's stylesheet and the font.
      await page.waitForFunction(
        () => document.fonts.check('14px iconfont') && document.querySelector('aside i.iconfont')!.getBoundingClientRect().width >= 14,
      );
      const gap = await glyph.evaluate((i) => {
        const icon = i.getBoundingClientRect();
        const label = i.nextElementSibling!.getBoundingClientRect();
        return document.documentElement.dir === 'rtl' ? icon.left - label.right : label.left - icon.right;
      });
      const antdGap = await page
        .locator('aside .anticon.ant-menu-item-icon')
        .first()
        .evaluate((i) => {
          const icon = i.getBoundingClientRect();
          const label = i.nextElementSibling!.getBoundingClientRect();
          return document.documentElement.dir === 'rtl' ? icon.left - label.right : label.left - icon.right;
        });
      assert.ok(gap >= 8, `${locale}: the label starts ${gap}px after the iconfont icon`);
      assert.equal(Math.round(gap), Math.round(antdGap), `${locale}: the same gap as after an antd icon`);
      await page.locator('aside').screenshot({ path: `${artifactsDir}/shell-iconfont-menu-${locale}.png` });
      await page.context().close();
    }
  });

  it('says the network is down (not 404) for a remote page opened offline, and opens it on a retry once back online', async () => {
    token ??= await apiLogin(server);
    const page = await consoleIn(browser, token, 'zh-CN');
    const context = page.context();
    // The network drops while the console starts: the remote registry never arrives (nor the remotes).
    await context.route('**/user/admin/site/remotes', (route) => route.abort('internetdisconnected'));
    await page.goto(server.url('/dashboard'));
    await page.locator('aside').getByText('组织管理').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.getByTestId('offline-warning').getByText('当前处于离线状态').waitFor();
    await page.locator('aside').getByText('组织管理').first().click();
    await page.locator('aside').getByText('用户管理').first().click();
    await page.waitForURL(/\/user\/web\/org\/user$/);
    const result = page.getByTestId('offline-result');
    await result.getByText('网络已断开').waitFor();
    assert.equal(await page.getByTestId('exception-404').count(), 0, 'no 404 page');
    await snap(page, 'shell-offline-remote');
    // A retry while still offline changes nothing.
    await result.getByRole('button', { name: /重\s*试/ }).click();
    await result.getByText('网络已断开').waitFor();

    // Back online, the page still says what happened until the retry, which opens it.
    await context.unroute('**/user/admin/site/remotes');
    await context.setOffline(false);
    await page.getByTestId('offline-warning').waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('exception-404').count(), 0, 'no 404 page once back online either');
    await page
      .getByTestId('offline-result')
      .getByRole('button', { name: /重\s*试/ })
      .click();
    await page.getByRole('columnheader', { name: '用户名' }).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByTestId('offline-result').count(), 0);
    await context.close();
  });

  it('shows the login page with both tabs when reloaded offline', async () => {
    token ??= await apiLogin(server);
    const page = await consoleIn(browser, token, 'zh-CN');
    const context = page.context();
    await page.goto(server.url('/dashboard'));
    await page.locator('aside').getByText('组织管理').first().waitFor({ timeout: 30_000 });
    await controlled(page);

    // Never on the login page before: no login config was kept, so the default applies.
    assert.equal(await page.evaluate(() => localStorage.getItem('CURRENT-LOGIN-CONFIG')), null);

    await context.setOffline(true);
    // Reloaded without a network: the cached shell cannot ask who is signed in, so it shows the login page.
    await page.reload();
    await page.waitForURL(/\/user\/web\/user\/login/);
    for (let visit = 0; visit < 2; visit++) {
      await page.getByPlaceholder('用户名').waitFor();
      await page.getByTestId('offline-warning').waitFor();
      await page.getByRole('tab', { name: '账户密码登录' }).waitFor();
      await page.getByRole('tab', { name: '手机号登录' }).click();
      await page.getByPlaceholder('手机号').waitFor();
      if (visit === 0) {
        await snap(page, 'shell-offline-login');
        // And the login page itself reloaded offline.
        await page.reload();
      }
    }
    await context.setOffline(false);
    await context.close();
  });

  it("switches the login page's language from the keyboard, and mirrors the page for Arabic", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/user/login'));
    await page.getByPlaceholder('用户名').waitFor();
    // The skip link is the first Tab stop of every page (WCAG 2.4.1); the language button the next.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    assert.equal(await skip.evaluate((el) => el === document.activeElement), true, 'the first Tab stop is the skip link');
    await page.keyboard.press('Tab');
    const button = page.getByRole('button', { name: '语言' });
    assert.equal(await button.evaluate((el) => el === document.activeElement), true, 'the second Tab stop is the language button');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: '简体中文', checked: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByPlaceholder('Username').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    // English texts, mirrored: the selector moves to the left edge, its menu opens toward the page.
    const box = (await page.getByRole('button', { name: 'Language' }).boundingBox())!;
    assert.ok(box.x < WIDTH / 2, `the language button sits on the left in RTL (x=${box.x})`);
    await page.getByRole('button', { name: 'Language' }).click();
    const menu = (await page.getByRole('menu').boundingBox())!;
    assert.ok(menu.x >= 0 && menu.x + menu.width <= WIDTH, 'the menu stays on the screen');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Phone login' }).waitFor();
    await snap(page, 'shell-login-rtl');
    await context.close();
  });

  it('serves an SVG favicon, links it from the page and precaches it', async () => {
    const res = await fetch(server.url('/favicon.svg'));
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(await res.text(), /^<svg[\s>]/);
    assert.equal(new URL(server.url('/favicon.svg')).pathname, '/user/web/favicon.svg');

    const sw = await (await fetch(server.url('/sw.js'))).text();
    assert.match(sw, /"\/user\/web\/favicon\.svg"/, 'in the service worker precache list');

    const { context, page } = await newPage(browser);
    await page.goto(server.url('/user/login'));
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    assert.equal(href, '/user/web/favicon.svg');
    assert.equal(await page.locator('link[rel="icon"]').getAttribute('type'), 'image/svg+xml');
    await context.close();
  });
});
