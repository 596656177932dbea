import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

describe('permission remote: menus and the icon selector', () => {
  let server: RunningServer;
  let browser: Browser;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('edits a menu icon through the selector and shows the glyph from the icon font', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    await page.goto(server.url('/permission'));
    await page.waitForURL(/\/user\/web\/permission\/menu$/);

    // The tree table of the catalogue, from the permission remote.
    const row = page.locator('tr', { has: page.getByText('权限管理', { exact: true }) }).first();
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: '编辑 权限管理' }).click();
    await page.getByRole('button', { name: '选择图标' }).click();

    const modal = page.locator('.ant-modal').filter({ hasText: '选择图标' });
    await modal.getByRole('option').first().waitFor();
    // The layout width, not the bounding box: the box is scaled while the modal's zoom-in animation runs.
    assert.equal(await modal.evaluate((el) => (el as HTMLElement).offsetWidth), 930);
    assert.equal(await modal.getByRole('option').count(), 40);
    const submit = modal.getByRole('button', { name: /提\s*交/ });
    assert.equal(await submit.isDisabled(), true, 'submit waits for a choice');
    await modal.getByPlaceholder('按名称筛选').fill('safety-certificate');
    await modal.getByPlaceholder('按名称筛选').press('Enter');
    await modal.getByRole('option', { name: 'safety-certificate-filled' }).click();
    await submit.click();

    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已保存').waitFor();
    const glyph = row.locator('i.iconfont.icon-safety-certificate-filled');
    await glyph.waitFor();
    // The glyph is drawn by the font: a private-use code point in family iconfont.
    const drawn = await glyph.evaluate((el) => {
      const style = getComputedStyle(el, '::before');
      return { family: getComputedStyle(el).fontFamily, content: style.content };
    });
    assert.match(drawn.family, /iconfont/);
    assert.match(drawn.content, /^"[\uE000-\uF8FF]"$/);
    await page.evaluate(() => document.fonts.ready);
    assert.ok(await page.evaluate(() => document.fonts.check('16px iconfont', '\uE001')));
    await snap(page, 'permission-menu-icon');
    await context.close();
  });
});
