import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInThroughForm, signInWithToken } from '../support/console';
import { PNG_IMAGE } from '../support/database';
import { api, apiLogin, startServer, type RunningServer } from '../support/server';

/** antd puts a space between the two characters of a two-character Chinese button label. */
const label = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

describe('the account page: a user with no role manages their own account', () => {
  let server: RunningServer;
  let browser: Browser;
  let dana: Page;
  const password = 'dana-password-1';
  const newPassword = 'dana-password-2';

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // Dana has no role at all: the personal area is open to every signed-in user.
    await api(server, await apiLogin(server), '/user/admin/member/edit', { username: 'dana', realName: 'Dana', mobile: '13800000031', password });
    ({ page: dana } = await newPage(browser));
    await signInWithToken(dana, await apiLogin(server, 'dana', password));
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the settings from the user menu, saves name and avatar, and the header shows them without a reload', async () => {
    await dana.goto(server.url('/dashboard'));
    await dana.getByTestId('user-menu-name').getByText('Dana').waitFor({ timeout: 30_000 });
    await dana.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await dana.getByTestId('user-menu').hover();
    await dana.locator('.ant-dropdown').getByRole('menuitem', { name: '个人设置' }).click();
    await dana.waitForURL(/\/user\/web\/home\/account\?view=settings$/);

    await dana.locator('#profile_realName').fill('丹娜');
    const png = Buffer.from(PNG_IMAGE.split(',')[1]!, 'base64');
    await dana.locator('form#profile input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await dana.locator('form#profile img[alt="头像"]').waitFor();
    await dana
      .locator('form#profile')
      .getByRole('button', { name: label('保存') })
      .click();
    await dana.getByText('已保存').first().waitFor();

    await dana.getByTestId('user-menu-name').getByText('丹娜').waitFor();
    const avatar = await dana.getByTestId('user-menu').locator('img').getAttribute('src');
    assert.match(avatar ?? '', /\/uploads?\//);
    assert.equal(await dana.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true, 'no reload');
    await snap(dana, 'home-account-basic');

    // The centre shows the saved card.
    await dana.goto(server.url('/account/center'));
    await dana.waitForURL(/\/user\/web\/home\/account$/);
    await dana.getByText('丹娜').first().waitFor();
    await dana.getByText('13800000031').first().waitFor();
  });

  it('signs another session out from the session list: that tab meets 登录超时 at once', async () => {
    const { context, page: other } = await newPage(browser);
    await signInWithToken(other, await apiLogin(server, 'dana', password));
    await other.goto(server.url('/dashboard'));
    await other.getByTestId('unread-badge').waitFor({ timeout: 30_000 });

    await dana.goto(server.url('/home/account?view=settings&tab=security'));
    const revoke = dana.getByRole('button', { name: /^退出会话 / });
    await revoke.first().waitFor({ timeout: 30_000 });
    assert.equal(await revoke.count(), 1, 'only the other session has a sign-out button');
    await revoke.click();
    await dana
      .locator('.ant-popover, .ant-popconfirm, .ant-modal')
      .getByRole('button', { name: label('确定') })
      .click();
    await dana.getByText('已退出').or(dana.getByText('操作成功')).first().waitFor();

    // No click in the other tab: the notice stream ends and the console says so.
    const dialog = other.getByRole('dialog').filter({ hasText: '登录超时' });
    await dialog.waitFor({ timeout: 15_000 });
    await snap(other, 'home-account-revoked');
    await context.close();
  });

  it('changes the password; the new one signs in and the old one no longer does', async () => {
    await dana.goto(server.url('/home/account?view=settings&tab=security'));
    await dana.locator('#password_oldPassword').fill(password);
    await dana.locator('#password_newPassword').fill(newPassword);
    await dana.locator('#password_confirm').fill(newPassword);
    await dana.locator('form#password').getByRole('button', { name: '修改密码' }).click();
    await dana.getByText('已保存').or(dana.getByText('操作成功')).first().waitFor();

    await assert.rejects(apiLogin(server, 'dana', password), /login failed/);
    const { context, page } = await newPage(browser);
    await page.goto(server.url('/user/login'));
    await signInThroughForm(page, 'dana', newPassword);
    await page.waitForURL(/\/user\/web\/dashboard/);
    await page.getByTestId('user-menu-name').getByText('丹娜').waitFor();
    await context.close();
  });
});
