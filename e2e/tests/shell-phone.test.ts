import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, startServer, type RunningServer } from '../support/server';

/*
 * The console on a phone (issue 28, point 3): at 390px the side menu is a drawer behind the header's
 * menu button, so the page keeps the width (it had about 130px beside the 208px menu); tables scroll
 * inside their card, not the page; modals and drawers fit the screen.
 */

const PHONE = { width: 390, height: 844 };

/** Until every transition of the page has ended (a drawer slides in): what is measured then is where it stays. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function phonePage(browser: Browser, token: string) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await signInWithToken(page, token);
  return { context, page };
}

/** How the page uses the screen: the width the content gets, the widest card, and whether the page itself scrolls sideways. */
const widths = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main.ant-layout-content')!;
    const style = getComputedStyle(main);
    const content = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const cards = [...main.querySelectorAll('.ant-card')].map((c) => c.getBoundingClientRect());
    return {
      content,
      card: Math.max(0, ...cards.map((c) => c.width)),
      cardRight: Math.max(0, ...cards.map((c) => c.right)),
      pageScrollWidth: document.documentElement.scrollWidth,
      sider: document.querySelector('aside')?.getBoundingClientRect().width ?? 0,
    };
  });

describe('shell on a phone (390px)', () => {
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

  it('gives /org/user the screen’s width: the table scrolls inside its card, the page does not scroll sideways', async () => {
    const { context, page } = await phonePage(browser, token);
    await page.goto(server.url('/org/user'));
    await page.getByRole('columnheader', { name: '用户名' }).waitFor({ timeout: 30_000 });
    const w = await widths(page);
    assert.equal(w.sider, 0, 'no side menu beside the page');
    assert.ok(w.content >= 350, `the content is ${w.content}px wide`);
    assert.ok(w.card >= 350, `the list's card is ${w.card}px wide`);
    assert.ok(w.cardRight <= PHONE.width, `the card ends at ${w.cardRight}px`);
    assert.ok(w.pageScrollWidth <= PHONE.width, `the page is ${w.pageScrollWidth}px wide`);
    const table = await page
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    assert.ok(table.scroll > table.client, `the table scrolls inside its card (${table.scroll} in ${table.client})`);
    await snap(page, 'shell-phone-org-user');
    await context.close();
  });

  it('keeps the other screens usable too', async () => {
    const { context, page } = await phonePage(browser, token);
    for (const [path, ready] of [
      ['/permission/role', '角色名称'],
      ['/tenant/manage', '租户名称'],
      ['/home/account', '个人中心'],
      ['/org/dept', '部门名称'],
    ] as const) {
      await page.goto(server.url(path));
      await page.getByText(ready, { exact: true }).first().waitFor({ timeout: 30_000 });
      const w = await widths(page);
      assert.ok(w.content >= 350, `${path}: the content is ${w.content}px wide`);
      assert.ok(w.card === 0 || w.card >= 340, `${path}: its card is ${w.card}px wide`);
      assert.ok(w.pageScrollWidth <= PHONE.width, `${path}: the page is ${w.pageScrollWidth}px wide`);
    }
    await context.close();
  });

  it('opens the side menu as a drawer from the header’s menu button, and a chosen page closes it', async () => {
    const { context, page } = await phonePage(browser, token);
    await page.goto(server.url('/org/user'));
    await page.getByRole('columnheader', { name: '用户名' }).waitFor({ timeout: 30_000 });
    const toggle = page.getByRole('button', { name: '打开菜单' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.tap();
    const drawer = page.getByRole('dialog', { name: '菜单' });
    await drawer.waitFor();
    await settled(page);
    const box = (await drawer.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `the drawer fits: ${JSON.stringify(box)}`);
    await snap(page, 'shell-phone-menu-drawer');
    await drawer.getByRole('menuitem', { name: '权限管理' }).tap();
    await drawer.getByRole('menuitem', { name: '角色管理' }).tap();
    await page.waitForURL(/\/user\/web\/permission\/role$/);
    await drawer.waitFor({ state: 'hidden' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await page.getByText('角色名称', { exact: true }).first().waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('fits modals and drawers to the screen', async () => {
    const { context, page } = await phonePage(browser, token);
    await page.goto(server.url('/org/user'));
    await page.getByRole('columnheader', { name: '用户名' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /新增用户/ }).tap();
    const form = page.getByRole('dialog', { name: '新增用户' });
    await form.getByLabel('用户名').waitFor();
    await settled(page);
    const modal = (await form.boundingBox())!;
    assert.ok(modal.x >= 0 && modal.x + modal.width <= PHONE.width, `the modal fits: ${JSON.stringify(modal)}`);
    const field = (await form.getByLabel('用户名').boundingBox())!;
    assert.ok(field.width >= 280, `its fields have room: ${field.width}px`);
    await snap(page, 'shell-phone-modal');
    await form.getByRole('button', { name: /取\s*消/ }).tap();
    await form.waitFor({ state: 'hidden' });

    await page.getByText('详情', { exact: true }).first().tap();
    const details = page.getByRole('dialog', { name: '用户详情' });
    await details.getByText('admin', { exact: true }).first().waitFor();
    await settled(page);
    const drawer = (await details.boundingBox())!;
    assert.ok(drawer.x >= 0 && drawer.x + drawer.width <= PHONE.width, `the drawer fits: ${JSON.stringify(drawer)}`);
    await context.close();
  });

  it('shows the lock screen and the menu search within the screen', async () => {
    const { context, page } = await phonePage(browser, token);
    await page.goto(server.url('/dashboard/workplace'));
    await page.getByTestId('breadcrumbs').waitFor({ timeout: 30_000 });
    await page.getByTestId('menu-search-button').tap();
    const search = page.getByRole('dialog', { name: '搜索菜单' });
    await search.getByTestId('menu-search-input').waitFor();
    await settled(page);
    const box = (await search.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `the search fits: ${JSON.stringify(box)}`);
    await context.close();

    const locked = await phonePage(browser, token);
    await locked.context.addInitScript(() => localStorage.setItem('IS-LOCKSCREEN', 'true'));
    await locked.page.goto(server.url('/org/user'));
    await locked.page.getByTestId('lock-password').waitFor({ timeout: 30_000 });
    const card = (await locked.page.getByTestId('lock-screen').locator('main').boundingBox())!;
    assert.ok(card.x >= 0 && card.x + card.width <= PHONE.width && card.width >= 340, `the lock screen's card fits: ${JSON.stringify(card)}`);
    await snap(locked.page, 'shell-phone-lock-screen');
    await locked.context.close();
  });
});
