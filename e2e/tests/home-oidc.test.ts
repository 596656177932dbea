import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openTestProvider, type TestAccount, type TestProvider } from '@uc/server/testing/oidc-provider';
import Provider from 'oidc-provider';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { pathOf } from '../support/console';
import { ADMIN_PASSWORD, startServer, type RunningServer } from '../support/server';

/*
 * Third-party sign-in against a real OpenID Connect provider (oidc-provider) on its own port: the
 * administrator binds their account at the provider from the account settings, signs out, and signs
 * in again with the provider's button on the login page.
 */
describe('OpenID Connect: bind an account at a provider and sign in with it', () => {
  const admin: TestAccount = { id: 'sso-admin-7', password: 'sso-Pass-2026', email: 'admin@sso.test', name: 'SSO Admin' };
  let sso: TestProvider;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    sso = await openTestProvider(Provider);
    server = await startServer({ OIDC_PROVIDERS: JSON.stringify([sso.entry('corp', 'Corp SSO')]) });
    sso.start(`${server.origin}/user/admin/oidc/callback`, [admin]);
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await sso?.close();
  });

  const bindingRow = () => page.getByTestId('binding-corp');

  it('binds the signed-in account at the provider from the account settings', async () => {
    await page.goto(server.url('/user/login'));
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill(ADMIN_PASSWORD);
    // Exactly 登录: the provider's button (使用 Corp SSO 登录) sits below the form.
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.includes('/user/login'), { timeout: 30_000 });

    await page.goto(server.url('/home/account?view=settings&tab=binding'));
    await bindingRow().getByText('未绑定').waitFor({ timeout: 30_000 });
    await bindingRow()
      .getByRole('button', { name: /绑\s*定/ })
      .click();

    // The provider's own sign-in page.
    await page.waitForURL((url) => url.origin === sso.issuer, { timeout: 30_000 });
    await page.getByLabel('Username').fill(admin.id);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in to Test SSO' }).click();

    // Back in the settings, bound, and said so.
    await page.waitForURL((url) => url.origin === server.origin && url.pathname.endsWith('/home/account'), { timeout: 30_000 });
    await page.getByRole('alert').getByText('已绑定 Corp SSO 账号：此后可在登录页使用它登录').waitFor();
    await bindingRow().getByText('已绑定').waitFor();
    await bindingRow()
      .getByText(/账号：SSO Admin <admin@sso\.test>/)
      .waitFor();
    await snap(page, 'home-oidc-bound');
  });

  it('signs out, then signs in with the provider button of the login page', async () => {
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/user\/web\/user\/login/);
    assert.equal(await page.evaluate(() => localStorage.getItem('ACCESS-TOKEN')), null);

    await page.getByRole('button', { name: '使用 Corp SSO 登录' }).waitFor();
    await snap(page, 'home-oidc-login-page');
    await page.getByRole('button', { name: '使用 Corp SSO 登录' }).click();
    // The provider remembers the sign-in of a minute ago and sends the browser straight back; the login
    // page exchanges the one-time code and goes where the user was.
    await page.waitForURL((url) => url.origin === server.origin && url.pathname.endsWith('/home/account'), { timeout: 30_000 });
    const token = await page.evaluate(() => localStorage.getItem('ACCESS-TOKEN'));
    assert.ok(token, 'signed in: a session token is kept');
    assert.doesNotMatch(pathOf(page), /oidc=|token/);

    const me = await fetch(`${server.origin}/user/admin/member/info`, { headers: { Authorization: token } });
    const body = (await me.json()) as { code: number; data: { username: string } };
    assert.equal(body.code, 0);
    assert.equal(body.data.username, 'admin');
    await bindingRow().getByText('已绑定').waitFor({ timeout: 30_000 });
    await snap(page, 'home-oidc-signed-in');
  });
});
