import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, startServer, type RunningServer } from '../support/server';

const label = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

describe('org departments and posts', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await signInWithToken(page, await apiLogin(server));
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  // The visible modal's primary button (hidden modals of the page keep theirs in the DOM).
  const save = () => page.locator('.ant-modal-footer .ant-btn-primary:visible').click();

  it('builds a department tree', async () => {
    await page.goto(server.url('/org/dept'));
    await page.getByRole('button', { name: /新增部门/ }).click();
    await save();
    await page.getByText('部门名称和编码不能为空').first().waitFor();
    await page.locator('#dept_name').fill('Headquarters');
    await page.locator('#dept_code').fill('hq');
    await save();
    await row('Headquarters').waitFor();
    await row('Headquarters').getByRole('button', { name: '新增下级' }).click();
    await page.locator('#dept_name').fill('Sales');
    await page.locator('#dept_code').fill('sales');
    await page.locator('#dept_phone').fill('12');
    await save();
    await page.getByText('手机号格式错误！').waitFor();
    await page.locator('#dept_phone').fill('13800000001');
    await save();
    await row('Sales').waitFor();
    // Sales sits one level below Headquarters in the tree table.
    assert.equal(await row('Sales').locator('.indent-level-1').count(), 1);
    assert.equal(await row('Headquarters').locator('.indent-level-1').count(), 0);
    // A department with a sub-department cannot be deleted, and the message says why.
    // The parent's name cell now holds the expand button too, so its name is more than the text.
    await page
      .getByRole('row', { name: /Headquarters/ })
      .getByRole('button', { name: label('删除') })
      .click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: label('删除') })
      .click();
    await page.getByText(/下有 1 个下级部门/).waitFor();
    await snap(page, 'org-dept');
  });

  it('creates a post', async () => {
    await page.goto(server.url('/org/post'));
    await page.getByRole('button', { name: /新增岗位/ }).click();
    await page.locator('#post_name').fill('Engineer');
    await page.locator('#post_code').fill('eng');
    await save();
    await row('Engineer').waitFor();
    assert.equal(await row('Engineer').getByRole('cell', { name: 'eng', exact: true }).count(), 1);
    await snap(page, 'org-post');
  });
});
