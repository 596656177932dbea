import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { pathOf, signInWithToken } from '../support/console';
import { apiLogin, startServer, type RunningServer } from '../support/server';
import { requestCode, smsGateway } from '../support/sms-gateway';

describe('shell: phone sign-in, registration and password recovery', () => {
  let server: RunningServer;
  let browser: Browser;
  const gateway = smsGateway();
  const user = { username: 'newbie', password: 'first-Pass-2026', mobile: '13800138001' };

  before(async () => {
    server = await startServer({ SMS_DRIVER: 'webhook', SMS_WEBHOOK_URL: await gateway.start() });
    browser = await launchBrowser();
    // The SMS call must exist: a server without it fails these tests instead of skipping them.
    const probe = await fetch(`${server.origin}/admin/admin/sms/send?event=login&mobile=abc`, { method: 'POST' });
    assert.notEqual(probe.status, 404, 'the server has no /admin/admin/sms/send');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await gateway.stop();
  });

  it('shows the spec validation messages on the phone tab, in both languages', async () => {
    const { context, page } = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (req) => req.resourceType() === 'script' && scripts.push(new URL(req.url()).pathname));
    await page.goto(server.url('/user/login'));
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('手机号').fill('12345');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('手机号格式错误！').waitFor();
    await page.getByText('请输入验证码！').waitFor();
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByText('Phone number is invalid!').waitFor();
    await page.getByText('Please enter the verification code!').waitFor();
    // The forms' own texts: the server's messages (a console chunk, loadConsoleMessages) stay off this page.
    assert.deepEqual(
      scripts.filter((p) => p.includes('server-messages')),
      [],
    );
    await context.close();
  });

  it('registers without an invitation code and shows the result view', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/user/login'));
    await page.getByRole('link', { name: '注册账户' }).click();
    await page.waitForURL(/\/user\/web\/user\/reg$/);
    await page.getByPlaceholder('用户名').fill(user.username);
    await page.getByPlaceholder('密码（至少 8 位）').fill(user.password);
    await page.getByPlaceholder('手机号').fill(user.mobile);
    await page.getByPlaceholder('邀请码（选填）').waitFor();
    const code = await requestCode(page, gateway, user.mobile, 'register');
    await page.getByPlaceholder('短信验证码').fill(code);
    await page.getByRole('button', { name: '注册' }).click();
    await page.getByTestId('register-result').getByText(`你的账户 ${user.username} 已注册成功。`).waitFor();
    await snap(page, 'shell-register-result');
    await page.getByRole('link', { name: '使用新账户登录' }).click();
    await page.waitForURL(/\/user\/web\/user\/login$/);
    await context.close();
  });

  it('sends the invitation code along and shows the server refusing an unknown one under that field', async () => {
    const { context, page } = await newPage(browser);
    const sent: unknown[] = [];
    await page.route('**/user/admin/site/register', async (route) => {
      sent.push(JSON.parse(route.request().postDataBuffer()?.toString() ?? 'null'));
      await route.continue();
    });
    await page.goto(server.url('/user/reg'));
    await page.getByPlaceholder('用户名').fill('invited');
    await page.getByPlaceholder('密码（至少 8 位）').fill('invited-Pass-2026');
    await page.getByPlaceholder('手机号').fill('13800138002');
    const code = await requestCode(page, gateway, '13800138002', 'register');
    await page.getByPlaceholder('短信验证码').fill(code);
    await page.getByPlaceholder('邀请码（选填）').fill('NO-SUCH-INVITE');
    await page.getByRole('button', { name: '注册' }).click();
    // The refusal is about the invitation code: it reads under that field (issue 28, point 4), not in a
    // toast too (the API client decides on its toast in the task after the form's handler; a task and two
    // frames later anything it showed would be drawn).
    const refusal = page.locator('#login-inviteCode-error');
    await refusal.getByText('邀请码无效或已被使用，请检查，或索取新的邀请码').waitFor();
    await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 0)));
    assert.equal(await page.locator('.uc-toast').filter({ hasText: '邀请码无效' }).count(), 0);
    assert.equal(await page.getByTestId('register-result').count(), 0);
    assert.deepEqual(sent[0], { username: 'invited', password: 'invited-Pass-2026', mobile: '13800138002', code, inviteCode: 'NO-SUCH-INVITE' });
    await context.close();
  });

  it('signs in on the phone tab with an SMS code and goes to the redirect address', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/user/login?redirect=' + encodeURIComponent(server.url('/home/upgrade/logs?from=sms'))));
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('手机号').fill(user.mobile);
    const code = await requestCode(page, gateway, user.mobile, 'login');
    await page.getByPlaceholder('短信验证码').fill(code);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    // A fresh account may hold no menus yet: then the console shows 403, still signed in.
    await page.waitForURL((u) => !u.pathname.startsWith('/user/web/user/'), { timeout: 30_000 });
    assert.ok(await page.evaluate(() => localStorage.getItem('ACCESS-TOKEN')));
    assert.match(pathOf(page), /^\/user\/web\/(home\/upgrade\/logs\?from=sms|error\/403)$/);
    await context.close();
  });

  it('recovers a forgotten password by SMS, then signs in with the new one', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/user/login'));
    await page.getByRole('button', { name: '忘记密码' }).click();
    await page.getByRole('heading', { name: '找回密码' }).waitFor();
    await page.getByPlaceholder('手机号').fill(user.mobile);
    const code = await requestCode(page, gateway, user.mobile, 'resetPwd');
    await page.getByPlaceholder('短信验证码').fill(code);
    await page.getByPlaceholder('新密码（至少 8 位）').fill('second-Pass-2026');
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.getByText('密码已重置，请使用新密码登录').waitFor();
    await page.getByPlaceholder('用户名').fill(user.username);
    await page.getByPlaceholder('密码').fill('second-Pass-2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/user/web/user/'), { timeout: 30_000 });
    await context.close();
  });

  it('sends a user whose admin menu comes back empty to /error/403', async (t) => {
    const token = await apiLogin(server, user.username, 'second-Pass-2026');
    const menu = await fetch(`${server.origin}/user/admin/role/antd/menu`, { headers: { Authorization: token } });
    const { data } = (await menu.json()) as { data: { list: unknown[] } };
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    if (data.list.length > 0) {
      // A registered user holds the default role's menus and the server has no call yet to take
      // them away: the menu answer is emptied on its way to the page (everything else is real).
      t.diagnostic('the registered user holds menus: emptying the admin menu response in the browser');
      await page.route('**/user/admin/role/antd/menu*', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 0, message: '', data: { list: [] } }) }),
      );
    }
    await page.goto(server.url('/dashboard'));
    await page.waitForURL(/\/user\/web\/error\/403$/);
    await page.getByText('抱歉，你无权访问该页面。').waitFor();
    await context.close();
  });
});
