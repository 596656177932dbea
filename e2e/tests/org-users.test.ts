import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, startServer, type RunningServer } from '../support/server';

// A real 1x1 PNG, so the browser can show the uploaded avatar.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** antd puts a space between the two characters of a two-character Chinese button label. */
const label = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

describe('org users: create, edit, search, disable, balance, avatar, recycle bin', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    token = await apiLogin(server);
    await signInWithToken(page, token);
    await page.goto(server.url('/org/user'));
    await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  /** One of a row's rarer actions, under its 更多 menu. */
  const moreOf = async (name: string, action: string) => {
    await row(name)
      .getByRole('button', { name: `${name} 的更多操作` })
      .click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: action }).click();
  };
  // The visible modal's primary button (hidden modals of the page keep theirs in the DOM).
  const save = () => page.locator('.ant-modal-footer .ant-btn-primary:visible').click();

  it('creates a user through the form, refusing a bad phone first', async () => {
    await page.getByRole('button', { name: /新增用户/ }).click();
    await page.locator('#user_username').fill('alice');
    await page.locator('#user_password').fill('alice-password');
    await page.locator('#user_realName').fill('Alice');
    await page.locator('#user_mobile').fill('123');
    await save();
    await page.getByText('手机号格式错误！').waitFor();
    await page.locator('#user_mobile').fill('13800000011');
    await page.locator('#user_email').fill('alice@example.com');
    await save();
    await row('alice').waitFor();
    assert.equal(await row('alice').getByRole('cell', { name: 'Alice', exact: true }).count(), 1);
  });

  it('edits the user and uploads an avatar', async () => {
    await row('alice')
      .getByRole('button', { name: label('编辑') })
      .click();
    await page.waitForFunction(() => (document.querySelector('#user_realName') as HTMLInputElement | null)?.value === 'Alice');
    await page.locator('#user_realName').fill('Alice Liddell');
    await page.locator('.ant-modal input[type=file]').first().setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('.ant-modal img[alt="头像"]').waitFor();
    await save();
    await row('alice').getByRole('cell', { name: 'Alice Liddell' }).waitFor();
    const src = await row('alice').locator('img').first().getAttribute('src');
    assert.match(src ?? '', /^\/admin\/admin\/upload\/file\/[a-f0-9]{32}\.png$/);
    const served = await fetch(`${server.origin}${src}`);
    assert.equal(served.headers.get('content-type'), 'image/png');
  });

  it('uploads a payment code that the console shows through the session only', async () => {
    await row('alice')
      .getByRole('button', { name: label('编辑') })
      .click();
    await page.waitForFunction(() => (document.querySelector('#user_realName') as HTMLInputElement | null)?.value === 'Alice Liddell');
    await page.locator('.ant-modal input[type=file]').nth(1).setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: PNG });
    const preview = page.locator('.ant-modal img[alt="支付宝收款码"]');
    await preview.waitFor();
    assert.match((await preview.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    await save();
    await row('alice')
      .getByRole('button', { name: label('详情') })
      .click();
    const shown = page.locator('.ant-drawer img[alt="支付宝收款码"]');
    await shown.waitFor();
    assert.match((await shown.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    await page.keyboard.press('Escape');
    // Closed before the next step: on a loaded machine the closing drawer still covers the table.
    await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
    // The stored address itself answers only with the session, and nothing may cache it.
    const get = <T>(path: string) => fetch(`${server.origin}${path}`, { headers: { Authorization: token } }).then((r) => r.json() as Promise<{ data: T }>);
    const [alice] = (await get<{ list: { id: number }[] }>(`/user/admin/member/list?filter=${encodeURIComponent('[["username","=","alice"]]')}`)).data.list;
    const { alipayCode } = (await get<{ alipayCode: string }>(`/user/admin/member/view?id=${alice!.id}`)).data;
    assert.match(alipayCode, /^\/admin\/admin\/upload\/file\/[a-f0-9]{32}\.png$/);
    assert.equal((await fetch(`${server.origin}${alipayCode}`)).status, 401);
    const served = await fetch(`${server.origin}${alipayCode}`, { headers: { Authorization: token } });
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('cache-control'), 'private, no-store');
  });

  it('searches by keyword and with a filter condition', async () => {
    const search = page.getByPlaceholder('搜索用户名、姓名、手机号或邮箱');
    await search.fill('liddell');
    await search.press('Enter');
    await page.getByRole('cell', { name: 'admin', exact: true }).waitFor({ state: 'detached' });
    await row('alice').waitFor();
    await search.fill('');
    await search.press('Enter');
    await page.getByRole('cell', { name: 'admin', exact: true }).waitFor();
    await page.getByLabel('值', { exact: true }).fill('admin');
    await page.getByRole('button', { name: '添加条件' }).click();
    await row('alice').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '清除条件' }).click();
    await row('alice').waitFor();
  });

  it('disables and enables the user with the status switch', async () => {
    const toggle = row('alice').getByRole('switch');
    await toggle.click();
    await page.waitForFunction(() => document.querySelectorAll('[role=switch][aria-checked=false]').length > 0);
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    await toggle.click();
    await page.waitForFunction(() => document.querySelectorAll('[role=switch][aria-checked=false]').length === 0);
  });

  it('adds balance, refuses a deduction beyond it, then deducts', async () => {
    const change = async (mode: '增加' | '扣减', num: string) => {
      await moreOf('alice', '余额');
      const modal = page.locator('.ant-modal').filter({ hasText: '调整余额' });
      await modal.getByText(mode, { exact: true }).click();
      await modal.locator('#balance_num').fill(num);
      await modal.locator('.ant-modal-footer .ant-btn-primary').click();
      return modal;
    };
    await change('增加', '10');
    await row('alice').getByRole('cell', { name: '10.00' }).waitFor();
    const modal = await change('扣减', '20');
    // The refusal is about the amount: it reads under that field (issue 28, point 4).
    await modal
      .locator('#balance_num_help')
      .getByText(/余额不足：该用户余额为 10\.00/)
      .waitFor();
    await modal.locator('.ant-modal-footer .ant-btn').first().click();
    assert.equal(await row('alice').getByRole('cell', { name: '10.00' }).count(), 1);
    await change('扣减', '2.5');
    await row('alice').getByRole('cell', { name: '7.50' }).waitFor();
    // The drawer's ledger tab lists both changes.
    await row('alice')
      .getByRole('button', { name: label('详情') })
      .click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('从未登录').first().waitFor();
    await drawer.getByRole('tab', { name: '余额积分记录' }).click();
    await drawer.getByRole('cell', { name: '-2.50' }).waitFor();
    await drawer.getByRole('cell', { name: '10.00' }).first().waitFor();
    await snap(page, 'org-user-ledger');
    await page.keyboard.press('Escape');
    // Closed before the next step: on a loaded machine the closing drawer still covers the table.
    await page.getByRole('dialog').first().waitFor({ state: 'hidden' });
  });

  it('exports the current filtered list to CSV', async () => {
    const search = page.getByPlaceholder('搜索用户名、姓名、手机号或邮箱');
    await search.fill('alice');
    await search.press('Enter');
    await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: '导出 CSV' }).click()]);
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile((await file.path())!, 'utf8');
    assert.match(csv, /^\uFEFF"ID","用户名"/);
    assert.match(csv, /"alice","Alice Liddell","13800000011"/);
    assert.doesNotMatch(csv, /"admin"/);
    await search.fill('');
    await search.press('Enter');
    await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor();
  });

  it('forces the user out: every session of theirs ends at once', async () => {
    const aliceToken = await apiLogin(server, 'alice', 'alice-password');
    const info = () =>
      fetch(`${server.origin}/user/admin/member/info`, { headers: { Authorization: aliceToken } }).then((r) => r.json() as Promise<{ code: number }>);
    assert.equal((await info()).code, 0);
    await moreOf('alice', '强制退出');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '强制退出' }).click();
    await page.getByText(/已结束 alice 的 \d+ 个会话/).waitFor();
    assert.equal((await info()).code, 61);
  });

  it('moves the user to the recycle bin and restores them', async () => {
    await moreOf('alice', '删除');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: label('删除') })
      .click();
    await row('alice').waitFor({ state: 'detached' });
    await page.getByText('回收站', { exact: true }).click();
    await row('alice')
      .getByRole('button', { name: label('恢复') })
      .click();
    await row('alice').waitFor({ state: 'detached' });
    await page.getByText('用户列表', { exact: true }).click();
    await row('alice').waitFor();
    await snap(page, 'org-users');
  });
});
