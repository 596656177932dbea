import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, startServer, type RunningServer } from '../support/server';

/*
 * Platform binding between two real servers: the console of the first binds its administrator to an
 * account on the second, which this test starts as the other platform (its own data, its own port).
 */
describe('platform binding: /pt/bind binds to a second running server', () => {
  let here: RunningServer;
  let far: RunningServer;
  let browser: Browser;
  let page: Page;
  const farUser = { username: 'far.operator', password: 'far-Operator-2026', realName: '远方运维' };

  before(async () => {
    [here, far] = await Promise.all([startServer(), startServer()]);
    // The account on the other platform, made by its administrator.
    const res = await fetch(`${far.origin}/user/admin/member/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: await apiLogin(far) },
      body: JSON.stringify({ ...farUser, mobile: '13800138123' }),
    });
    assert.equal(((await res.json()) as { code: number }).code, 0);
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signInWithToken(page, await apiLogin(here));
  });
  after(async () => {
    await browser?.close();
    await Promise.all([here?.stop(), far?.stop()]);
  });

  const shown = (label: string) =>
    page
      .locator('.ant-descriptions-row')
      .filter({ has: page.locator('th', { hasText: label }) })
      .locator('td');

  it('binds with the address, user name and password of the other platform, and shows the status bound with both accounts', async () => {
    await page.goto(here.url('/pt/bind'));
    await page.locator('.ant-card-head-title', { hasText: '平台绑定' }).waitFor({ timeout: 30_000 });
    await shown('绑定状态').getByText('未绑定').waitFor();

    await page.getByRole('button', { name: /绑定平台/ }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '绑定平台账号' });
    // Pasted as the browser shows it: the console address of the other platform.
    await form.locator('#platform-bind_platformUrl').fill(far.url('/dashboard'));
    await form.locator('#platform-bind_clientId').fill('e2e-client');
    await form.locator('#platform-bind_username').fill(farUser.username);
    await form.locator('#platform-bind_password').fill('not-the-password');
    await form.getByRole('button', { name: /绑\s*定/ }).click();
    // Refused there: said so, the form stays for another try, nothing is bound.
    await page.getByText(/^平台拒绝了登录：/).waitFor();
    assert.equal(await form.isVisible(), true);
    await form.locator('#platform-bind_password').fill(farUser.password);
    await form.getByRole('button', { name: /绑\s*定/ }).click();

    await shown('绑定状态').getByText('已绑定').waitFor();
    assert.equal((await shown('平台地址').innerText()).trim(), far.origin);
    assert.equal((await shown('客户端 ID').innerText()).trim(), 'e2e-client');
    assert.equal((await shown('平台用户名 / 姓名').innerText()).trim(), `${farUser.username} / ${farUser.realName}`);
    assert.equal((await shown('本地用户名 / 姓名').innerText()).trim(), 'admin / 管理员');
    assert.equal((await shown('最近错误').innerText()).trim(), '无');
    await snap(page, 'pt-bind-bound');
  });

  it('checks the binding now, then unbinds it after a confirmation', async () => {
    await page.getByRole('button', { name: /立即校验/ }).click();
    await page.getByText('绑定有效').waitFor();
    await page.getByRole('button', { name: /解除绑定/ }).click();
    await page.getByText(`确定解除与 ${far.origin} 的绑定吗？保存的平台会话将被删除。`).waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await shown('绑定状态').getByText('未绑定').waitFor();
    assert.equal(await page.getByRole('button', { name: /立即校验/ }).count(), 0);
  });
});
