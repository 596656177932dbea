import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { api, apiLogin, startServer, type RunningServer } from '../support/server';

/** antd puts a space between the two characters of a two-character Chinese button label. */
const label = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

/*
 * Issue 28, point 1: row selection and batch actions on /org/user, with the per-row result; the list's
 * density and full screen beside its other controls.
 */
describe('org users: batch actions, density and full screen', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  const users = ['batch.ann', 'batch.bob'];
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    token = await apiLogin(server);
    for (const [i, username] of users.entries()) {
      await api(server, token, '/user/admin/member/edit', { username, password: 'batch-password-1', realName: username, mobile: `1390000100${i}` });
    }
    await signInWithToken(page, token);
    await page.goto(server.url('/org/user'));
    await page.getByRole('cell', { name: 'batch.bob', exact: true }).first().waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  const bar = () => page.getByRole('region', { name: '批量操作' });
  const statusOf = async (username: string) => {
    const found = await api<{ list: { status: number }[] }>(
      server,
      token,
      `/user/admin/member/list?filter=${encodeURIComponent(JSON.stringify([['username', '=', username]]))}`,
    );
    return found.list[0]!.status;
  };

  it('disables the selected users in one call and lists the refused row (oneself) with why', async () => {
    for (const name of [...users, 'admin']) await row(name).getByRole('checkbox').check();
    await bar().getByText('已选择 3 项').waitFor();
    // Every action of the list's user screen is offered to the super administrator.
    for (const action of ['启用', '停用', '设置部门', '设置角色', '强制退出', '移入回收站']) {
      assert.equal(
        await bar()
          .getByRole('button', { name: label(action) })
          .count(),
        1,
        action,
      );
    }
    await bar()
      .getByRole('button', { name: label('停用') })
      .click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定对选中的 3 项执行“停用”？' });
    await confirm.getByRole('button', { name: label('停用') }).click();
    const result = page.locator('.ant-modal').filter({ hasText: '停用的结果' });
    await result.waitFor();
    await result.getByText('已完成 2 项，1 项未执行，原因如下：').waitFor();
    const refused = result.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
    await refused.getByRole('cell', { name: '不能停用自己的账号' }).waitFor();
    assert.equal(await result.getByRole('cell', { name: 'batch.ann', exact: true }).count(), 0);
    await snap(page, 'org-batch-result');
    await result.getByRole('button', { name: '知道了' }).click();
    // Done rows changed, the refused one did not; the list shows it once reloaded, and the selection is gone.
    await row('batch.ann').getByRole('switch', { checked: false }).waitFor();
    await row('batch.bob').getByRole('switch', { checked: false }).waitFor();
    assert.equal(await row('admin').getByRole('switch').isChecked(), true);
    assert.deepEqual([await statusOf('batch.ann'), await statusOf('batch.bob'), await statusOf('admin')], [2, 2, 1]);
    assert.equal(await bar().count(), 0);
  });

  it('enables them again in one batch, all done: a toast says so', async () => {
    for (const name of users) await row(name).getByRole('checkbox').check();
    await bar()
      .getByRole('button', { name: label('启用') })
      .click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: label('启用') })
      .click();
    await page.getByText('启用：2 项已完成').waitFor();
    await row('batch.ann').getByRole('switch', { checked: true }).waitFor();
    assert.deepEqual([await statusOf('batch.ann'), await statusOf('batch.bob')], [1, 1]);
  });

  it('makes the table compact, kept after a reload', async () => {
    const table = page.locator('.ant-table').first();
    assert.equal(await table.evaluate((el) => el.classList.contains('ant-table-small')), false);
    await page.getByRole('button', { name: '表格密度' }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: '紧凑' }).click();
    await page.waitForFunction(() => document.querySelector('.ant-table')?.classList.contains('ant-table-small'));
    await page.reload();
    await page.getByRole('cell', { name: 'batch.bob', exact: true }).first().waitFor({ timeout: 30_000 });
    assert.equal(
      await page
        .locator('.ant-table')
        .first()
        .evaluate((el) => el.classList.contains('ant-table-small')),
      true,
    );
  });

  it('shows the list full screen over the whole window, and back', async () => {
    const viewport = page.viewportSize()!;
    await page.getByRole('button', { name: '全屏', exact: true }).click();
    const frame = page.locator('[data-fullscreen="true"]');
    await frame.waitFor();
    const box = (await frame.boundingBox())!;
    assert.deepEqual([box.x, box.y, Math.round(box.width), Math.round(box.height)], [0, 0, viewport.width, viewport.height]);
    // Above the console's header and side menu: the element at the top left corner is the list's.
    assert.equal(await page.evaluate(() => !!document.elementFromPoint(5, 5)?.closest('[data-fullscreen="true"]')), true);
    // Dialogs still show above it: a batch action's confirmation.
    await row('batch.ann').getByRole('checkbox').check();
    await bar()
      .getByRole('button', { name: /强制退出/ })
      .click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定对选中的 1 项执行“强制退出”？' });
    await confirm.waitFor();
    // Once its opening animation ends, the dialog is what the pointer finds over its title.
    await page.waitForFunction(
      () => {
        const title = document.querySelector('.ant-modal-confirm-title');
        const box = title?.getBoundingClientRect();
        return !!box && !!document.elementFromPoint(box.x + 5, box.y + 5)?.closest('.ant-modal-confirm');
      },
      undefined,
      { timeout: 5_000 },
    );
    await confirm.getByRole('button', { name: label('取消') }).click();
    await snap(page, 'org-batch-fullscreen');
    await page.getByRole('button', { name: '退出全屏' }).click();
    await frame.waitFor({ state: 'detached' });
  });
});
