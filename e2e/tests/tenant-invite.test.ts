import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInThroughForm, signInWithToken } from '../support/console';
import { apiLogin, startServer, type RunningServer } from '../support/server';
import { requestCode, smsGateway } from '../support/sms-gateway';

describe('tenant invitations: made on /tenant/invite, used on the registration screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  const gateway = smsGateway();
  const boss = { username: 'spring.boss', password: 'spring-Pass-2026', mobile: '13800138077' };

  before(async () => {
    server = await startServer({ SMS_DRIVER: 'webhook', SMS_WEBHOOK_URL: await gateway.start() });
    browser = await launchBrowser();
    ({ page: admin } = await newPage(browser));
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await signInWithToken(admin, await apiLogin(server));
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await gateway.stop();
  });

  const row = (title: string) => admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: title, exact: true }) });
  let link = '';
  let code = '';

  it('creates an invitation under the default policy with a generated code, and copies its registration link', async () => {
    await admin.goto(server.url('/tenant/invite'));
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    await admin.locator('#invite-form_title').fill('Spring partners');
    await admin.locator('#invite-form_companyName').fill('Spring Robotics');
    // The default policy is chosen for a new invitation.
    await admin.locator('.ant-modal').getByText('默认策略').waitFor();
    await admin.locator('.ant-modal-footer .ant-btn-primary:visible').click();
    await row('Spring partners').getByText('未使用').waitFor();
    code = (await row('Spring partners').locator('code').textContent())!.trim();
    assert.match(code, /^[A-Z2-9]{12}$/);
    assert.equal(await row('Spring partners').getByRole('cell', { name: 'admin', exact: true }).count(), 1);
    await row('Spring partners').getByRole('button', { name: '复制注册链接 Spring partners' }).click();
    await admin.getByText('注册链接已复制').waitFor();
    link = await admin.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, server.url(`/user/reg?inviteCode=${code}`));
    await snap(admin, 'tenant-invite-list');
  });

  it("registers a new tenant through the link; its administrator signs in to the invite's company", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(link);
    assert.equal(await page.getByPlaceholder('邀请码（选填）').inputValue(), code);
    await page.getByPlaceholder('用户名').fill(boss.username);
    await page.getByPlaceholder('密码（至少 8 位）').fill(boss.password);
    await page.getByPlaceholder('手机号').fill(boss.mobile);
    await page.getByPlaceholder('短信验证码').fill(await requestCode(page, gateway, boss.mobile, 'register'));
    await page.getByRole('button', { name: '注册' }).click();
    await page.getByTestId('register-result').getByText(`你的账户 ${boss.username} 已注册成功。`).waitFor();
    await page.getByRole('link', { name: '使用新账户登录' }).click();
    await page.waitForURL(/\/user\/web\/user\/login$/);
    await signInThroughForm(page, boss.username, boss.password);
    await page.waitForURL(/\/user\/web\/dashboard\/workplace$/);
    await page.getByText('Spring Robotics').first().waitFor();
    await context.close();
  });

  it('shows the invitation as used, by whom, and no longer offers to edit it', async () => {
    await admin.reload();
    await admin.getByText('已使用', { exact: true }).first().click();
    await row('Spring partners').getByText('已使用').waitFor();
    assert.equal(await row('Spring partners').getByRole('cell', { name: boss.username, exact: true }).count(), 1);
    assert.equal(await row('Spring partners').getByRole('button', { name: '编辑 Spring partners' }).count(), 0);
    assert.equal(await row('Spring partners').getByRole('button', { name: '复制注册链接 Spring partners' }).count(), 0);
    // The used code is refused to the next person, who holds a real SMS code (without one, registration
    // says only that the code is wrong: nothing about names, numbers or invitations).
    const sent = await fetch(`${server.origin}/admin/admin/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'register', mobile: '13800138078' }),
    });
    assert.equal(sent.status, 200);
    const smsCode = await gateway.codeFor('13800138078', 'register');
    const reuse = await fetch(`${server.origin}/user/admin/site/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'late.comer', password: 'late-Pass-2026', mobile: '13800138078', code: smsCode, inviteCode: code }),
    });
    assert.match(((await reuse.json()) as { message: string }).message, /^This invitation code is not valid or was already used/);
  });
});
