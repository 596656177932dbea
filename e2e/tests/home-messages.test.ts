import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { api, apiLogin, startServer, type RunningServer } from '../support/server';

/** antd puts a space between the two characters of a two-character Chinese button label. */
const label = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);
const badge = (page: Page, count: number) => page.getByTestId('unread-badge').and(page.getByTitle(`未读私信 ${count} 条`));

describe('messages: letters and notices from 公告管理 reach a user with no role, live', () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken = '';
  let admin: Page;
  let erin: Page;
  let erinId = 0;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminToken = await apiLogin(server);
    erinId = (
      await api<{ id: number }>(server, adminToken, '/user/admin/member/edit', {
        username: 'erin',
        realName: 'Erin',
        mobile: '13800000051',
        password: 'erin-password-1',
      })
    ).id;
    ({ page: admin } = await newPage(browser));
    await signInWithToken(admin, adminToken);
    ({ page: erin } = await newPage(browser));
    await signInWithToken(erin, await apiLogin(server, 'erin', 'erin-password-1'));
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("raises the reader's badge without a reload when a letter is sent; the badge opens it; reading clears it", async () => {
    await erin.goto(server.url('/dashboard'));
    await badge(erin, 0).waitFor({ timeout: 30_000 });
    await erin.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await admin.goto(server.url('/home/notice/manage'));
    await admin.getByRole('button', { name: '发送私信' }).click();
    await admin.locator('#letter_title').fill('Invoice ready');
    await admin.locator('#letter_userIds').click();
    await admin.locator('#letter_userIds').fill('erin');
    await admin.locator('.ant-select-item-option').filter({ hasText: 'Erin (erin)' }).click();
    await admin.locator('#letter_content').fill('<p>Your <b>invoice</b> is ready.</p><script>alert(1)</script>');
    await admin
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('发送') })
      .click();
    await admin.getByText('操作成功').first().waitFor();

    // Pushed by the notice stream: no focus change, no reload, well within the wait.
    await badge(erin, 1).waitFor({ timeout: 10_000 });
    assert.equal(await erin.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true, 'no reload');
    await snap(erin, 'home-messages-badge');

    await erin.getByTestId('unread-badge').click();
    await erin.waitForURL(/\/home\/message\/?\?tab=private$/);
    await erin.getByText('Invoice ready').click();
    await erin.waitForURL(/\/home\/message\/\d+$/);
    const content = erin.getByTestId('message-content');
    await content.locator('b', { hasText: 'invoice' }).waitFor();
    assert.equal(await content.locator('script').count(), 0, 'the server removed the script');
    await badge(erin, 0).waitFor({ timeout: 10_000 });
    await snap(erin, 'home-messages-detail');
  });

  it('marks every letter read from the list', async () => {
    for (const title of ['Second letter', 'Third letter']) {
      await api(server, adminToken, '/admin/admin/notice/letter/send', { title, content: `<p>${title}</p>`, userIds: [erinId] });
    }
    await badge(erin, 2).waitFor({ timeout: 10_000 });
    await erin.goto(server.url('/home/message?tab=private'));
    await erin.getByText('Third letter').first().waitFor({ timeout: 30_000 });
    await erin.getByRole('button', { name: '私信全部标为已读' }).click();
    await badge(erin, 0).waitFor({ timeout: 10_000 });
    await erin.getByRole('button', { name: '私信全部标为已读' }).and(erin.locator('[disabled]')).waitFor();
  });

  it('drafts a notice to everyone, publishes it, and the reader finds it under 公告; the upgrade log is there to read', async () => {
    await admin.goto(server.url('/home/notice/manage'));
    await admin.getByRole('button', { name: '新增公告' }).click();
    await admin.locator('#notice_title').fill('Maintenance tonight');
    await admin.locator('.ant-drawer').getByText('所有人', { exact: true }).click();
    await admin.locator('#notice_content').fill('<p>From 22:00 to 23:00.</p>');
    await admin
      .locator('.ant-drawer')
      .getByRole('button', { name: label('保存') })
      .click();
    const row = admin.getByRole('row').filter({ hasText: 'Maintenance tonight' });
    await row.getByText('草稿').waitFor();
    await row.getByRole('button', { name: '发布 Maintenance tonight' }).click();
    await admin
      .locator('.ant-popover, .ant-popconfirm, .ant-modal')
      .getByRole('button', { name: label('确定') })
      .click();
    await row.getByText('已发布').waitFor();
    await snap(admin, 'home-notice-manage');

    await erin.goto(server.url('/home/message'));
    await erin.getByText('Maintenance tonight').waitFor({ timeout: 30_000 });

    await erin.goto(server.url('/home/upgrade/logs'));
    await erin.getByText('自动').first().waitFor({ timeout: 30_000 });
    assert.equal(await erin.getByRole('button', { name: '新增日志' }).count(), 0, 'only the platform writes the log');
  });
});
