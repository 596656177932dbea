import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { newPage, snap } from '../support/browser';
import { pathOf, signInThroughForm } from '../support/console';
import type { RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

describe('sign in, browse the org remote, sign out', () => {
  let server: RunningServer;
  let browser: Browser;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('sends a signed-out visitor to the login page with the return address', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/org/user?page=1'));
    await page.waitForURL(/\/user\/web\/user\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect') ?? '';
    assert.match(redirect, /\/user\/web\/org\/user\?page=1$/);
    await context.close();
  });

  it('refuses a wrong password and stays on the login page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/user/login'));
    await signInThroughForm(page, 'admin', 'not-the-password');
    await page.getByRole('alert').first().waitFor();
    assert.match(pathOf(page), /^\/user\/web\/user\/login/);
    assert.equal(await page.evaluate(() => localStorage.getItem('ACCESS-TOKEN')), null);
    await context.close();
  });

  it('signs in through the form, shows the layout and menu, lists users from the org remote, signs out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/org/user'));
    await page.waitForURL(/\/user\/login\?redirect=/);
    await signInThroughForm(page);

    // Back at the address the visitor asked for, inside the main layout.
    await page.waitForURL(/\/user\/web\/org\/user$/);
    const sider = page.locator('aside');
    await sider.getByText('组织管理').first().waitFor();
    await sider.getByText('权限管理').first().waitFor();
    await page
      .locator('footer')
      .getByText(/平台技术服务团队 版权所有/)
      .waitFor();

    // The user list comes from the org remote, loaded at runtime, with real rows from the server.
    const adminCell = page.getByRole('cell', { name: 'admin', exact: true });
    await adminCell.first().waitFor({ timeout: 30_000 });
    const remoteScripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.includes('/user/web/remotes/org/')),
    );
    assert.ok(
      remoteScripts.some((n) => n.endsWith('mf-manifest.json')),
      'the org remote was loaded from its manifest',
    );
    await snap(page, 'org-user');

    // Sign out from the user menu: lands on the login page and the token no longer works.
    const token = await page.evaluate(() => localStorage.getItem('ACCESS-TOKEN'));
    assert.ok(token);
    // The header names the signed-in user by their real name (the seeded administrator is 管理员).
    await page.getByTestId('user-menu-name').getByText('管理员', { exact: true }).waitFor();
    await page.getByTestId('user-menu').hover();
    await page.getByText('退出登录').click();
    await page.waitForURL(/\/user\/web\/user\/login/);
    await page.getByPlaceholder('用户名').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('ACCESS-TOKEN')), null);
    const res = await fetch(`${server.origin}/user/admin/member/info`, { headers: { Authorization: token } });
    assert.equal(((await res.json()) as { code: number }).code, 61);
    await context.close();
  });
});
