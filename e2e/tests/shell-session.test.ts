import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { newPage, snap } from '../support/browser';
import { pathOf, signInThroughForm, signInWithToken } from '../support/console';
import { apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

describe('shell: session, access and exception pages', () => {
  let server: RunningServer;
  let browser: Browser;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('sends a signed-out visitor to the login page with the URL-encoded return address, and back after sign-in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/tenant/policy?tab=2'));
    await page.waitForURL(/\/user\/web\/user\/login\?redirect=/);
    assert.match(page.url(), /redirect=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fuser%2Fweb%2Ftenant%2Fpolicy%3Ftab%3D2$/);
    await signInThroughForm(page);
    await page.waitForURL(/\/user\/web\/tenant\/policy\?tab=2$/);
    await context.close();
  });

  it('opens the 登录超时 dialog when the session is revoked on the server, and 确定跳转 goes to login', async () => {
    const token = await apiLogin(server);
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    await page.locator('aside').getByText('组织管理').first().waitFor();

    // Signed out elsewhere (another tab, an administrator): the token dies on the server.
    const res = await fetch(`${server.origin}/user/admin/site/logout`, { method: 'POST', headers: { Authorization: token } });
    assert.equal(((await res.json()) as { code: number }).code, 0);

    // The notice stream ends with the session, and the console says so at once, without a click.
    const dialog = page.getByRole('dialog').filter({ hasText: '登录超时' });
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByText('确定跳转到登录页？').waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).waitFor();
    await snap(page, 'shell-code-61');
    await dialog.getByRole('button', { name: '确定跳转' }).click();
    await page.waitForURL(/\/user\/web\/user\/login\?redirect=.*dashboard/);
    await page.getByPlaceholder('用户名').waitFor();
    await context.close();
  });

  it('signs out through /user/logout?redirect=<encoded current address> and lands on the login page', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    await page.goto(server.url('/dashboard/workplace'));
    const seen: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(f.url()));
    await page.evaluate(() => {
      // Records the router's history changes too (logout navigates without a page load).
      const original = history.replaceState.bind(history);
      (window as unknown as { __addresses: string[] }).__addresses = [];
      history.replaceState = (data, unused, url) => {
        (window as unknown as { __addresses: string[] }).__addresses.push(String(url));
        original(data, unused, url);
      };
    });
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/user\/web\/user\/login/);
    const addresses = await page.evaluate(() => (window as unknown as { __addresses: string[] }).__addresses);
    const logout = addresses.find((a) => a.includes('/user/logout'));
    assert.ok(logout, `went through /user/logout: ${addresses.join(', ')}`);
    assert.equal(new URL(logout, server.origin).searchParams.get('redirect'), server.url('/dashboard/workplace'));
    assert.match(logout, /redirect=http%3A%2F%2F/);
    assert.equal(await page.evaluate(() => localStorage.getItem('ACCESS-TOKEN')), null);
    await context.close();
  });

  it('shows the user menu entries: personal center and settings with a user, logout always', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    await page.goto(server.url('/dashboard'));
    await page.getByTestId('user-menu').hover();
    const menu = page.locator('.ant-dropdown');
    await menu.getByRole('menuitem', { name: '个人中心' }).waitFor();
    await menu.getByRole('menuitem', { name: '个人设置' }).waitFor();
    await menu.getByRole('menuitem', { name: '退出登录' }).waitFor();
    await menu.getByRole('menuitem', { name: '个人设置' }).click();
    await page.waitForURL(/\/user\/web\/home\/account\?view=settings$/);
    await context.close();
  });

  it('shows the 404 page for an unknown address, inside the layout, and the 403 page for /error/403', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    await page.goto(server.url('/no/such/page'));
    await page.getByText('抱歉，你访问的页面不存在。').waitFor();
    await page.locator('aside').getByText('组织管理').first().waitFor();
    // An area no remote serves is a 404 too, never a placeholder; a served one opens its first page.
    await page.goto(server.url('/reports'));
    await page.getByText('抱歉，你访问的页面不存在。').waitFor();
    assert.match(pathOf(page), /^\/user\/web\/reports$/);
    await page.goto(server.url('/home'));
    await page.waitForURL(/\/user\/web\/home\/account$/);
    await page.goto(server.url('/error/403'));
    // The page's h1 (PageHeading) says it too: the exception page's own text is the one looked for.
    await page.getByTestId('exception-403').getByText('抱歉，你无权访问该页面。').waitFor();
    await page.goto(server.url('/user/nothing'));
    await page.getByText('抱歉，你访问的页面不存在。').waitFor();
    assert.match(pathOf(page), /^\/user\/web\/user\/nothing$/);
    await context.close();
  });

  it('redirects / and /dashboard to the workplace and the areas to their first page', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    for (const [from, to] of [
      ['/', '/dashboard/workplace'],
      ['/dashboard', '/dashboard/workplace'],
      ['/org', '/org/user'],
      ['/permission', '/permission/menu'],
      ['/tenant', '/tenant/policy'],
    ] as const) {
      await page.goto(server.url(from));
      await page.waitForURL((u) => u.pathname === `/user/web${to}`);
    }
    await context.close();
  });
  // Empty admin menu -> /error/403 is in shell-login.test.ts: it needs a user without menus, which registration makes.
});
