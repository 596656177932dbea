import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { api, apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

/*
 * Issue 28, points 4 and 5: a refusal reads as a sentence and shows under the field it is about, and
 * each locale reads in one language: what the system seeded (menu and button names, upgrade logs, the
 * site name) in the reader's, what an administrator typed as typed.
 */

const HAN = /\p{Script=Han}/u;
/** A raw field key in front of a sentence: "code: …", "num: …". */
const RAW_KEY = /(^|\s)[a-z][A-Za-z0-9]*: /;

async function signedIn(browser: Browser, server: RunningServer, locale: 'zh-CN' | 'en-US') {
  const { context, page } = await newPage(browser, locale);
  await signInWithToken(page, await apiLogin(server));
  // The console's language is its own setting (umi_locale), whatever the browser's.
  await context.addInitScript((l) => localStorage.setItem('umi_locale', l), locale);
  return { context, page };
}

/** The texts of the first column of a table's body rows (the name column). */
const names = (page: Page) => page.locator('.ant-table-tbody > tr.ant-table-row > td:not(.ant-table-selection-column):first-of-type').allInnerTexts();

describe('console wording: refusals on their fields, one language per locale', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('shows a duplicate department code under the code field, as a sentence without "code:"', async () => {
    token = await apiLogin(server);
    await api(server, token, '/user/admin/dept/edit', { name: 'Wording HQ', code: 'wording-dup' });
    const { context, page } = await signedIn(browser, server, 'zh-CN');
    await page.goto(server.url('/org/dept'));
    await page.getByRole('button', { name: /新增部门/ }).click();
    await page.locator('#dept_name').fill('Wording branch');
    await page.locator('#dept_code').fill('wording-dup');
    const codeItem = page.locator('.ant-form-item', { has: page.locator('#dept_code') });
    const error = codeItem.locator('.ant-form-item-explain-error');
    await page.locator('.ant-modal-footer .ant-btn-primary:visible').click();
    await error.waitFor();
    const sentence = (await error.innerText()).trim();
    assert.doesNotMatch(sentence, RAW_KEY);
    assert.equal(sentence, '部门编码“wording-dup”已被其他部门使用，请换一个');
    // Only the code field is marked.
    assert.equal(await page.locator('.ant-modal .ant-form-item-has-error').count(), 1);
    // And the sentence is not in a toast too. The API client decides on its toast in the task after the
    // form's handler; a task and two frames later anything it showed would be drawn.
    await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 0)));
    assert.equal(await page.locator('.ant-message-notice').filter({ hasText: '部门编码“wording-dup”' }).count(), 0);
    await snap(page, 'console-wording-dept-code');
    await context.close();
  });

  it('names the amount a refused deduction is about in the envelope, the message a sentence', async () => {
    const res = await fetch(`${server.origin}/user/admin/member/addBalance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, 'accept-language': 'zh-CN' },
      body: JSON.stringify({ id: 1, operateMode: 2, num: 1_000_000 }),
    });
    const body = (await res.json()) as { message: string; data: { fields: { field: string }[] } };
    assert.match(body.message, /^余额不足：/);
    assert.deepEqual(
      body.data.fields.map((f) => f.field),
      ['num'],
    );
  });

  it('shows the seeded buttons of 菜单管理 in English in the English console, and a renamed one as typed', async () => {
    const { context, page } = await signedIn(browser, server, 'en-US');
    await page.goto(server.url('/permission/menu'));
    await page.getByText('New user', { exact: true }).first().waitFor({ timeout: 30_000 });
    const shown = await names(page);
    assert.ok(shown.length > 60, `the whole catalogue is listed (${shown.length} rows)`);
    assert.deepEqual(
      shown.filter((n) => HAN.test(n)),
      [],
      'no Chinese name in the English console',
    );
    for (const button of ['Force logout', 'Quota reservation', 'Reset password', 'Assign permissions']) assert.ok(shown.includes(button), button);

    // An administrator's own name for an entry shows as he typed it, in every language.
    const tree = await api<{ list: { id: number; locale: string; children: unknown[] }[] }>(server, token, '/user/admin/menu/list');
    const flat = (l: { id: number; locale: string; children: unknown[] }[]): { id: number; locale: string }[] =>
      l.flatMap((m) => [m, ...flat(m.children as never)]);
    const quota = flat(tree.list).find((m) => m.locale === 'menu.permission.openaccess.quotaReserve')!;
    const row = await api<Record<string, unknown>>(server, token, `/user/admin/menu/view?id=${quota.id}`);
    const { createdAt: _c, updatedAt: _u, ...input } = row;
    await api(server, token, '/user/admin/menu/edit', { ...input, name: '预留额度（自定义）' });
    await page.reload();
    await page.getByText('预留额度（自定义）', { exact: true }).waitFor({ timeout: 30_000 });
    assert.equal(await page.getByText('Quota reservation', { exact: true }).count(), 0);
    await snap(page, 'console-wording-menus-en');
    await context.close();
  });

  it("shows the role's and the policy's permission trees in English", async () => {
    await api(server, token, '/user/admin/role/edit', { name: 'Wording role', key: 'wording_role' });
    const { context, page } = await signedIn(browser, server, 'en-US');
    await page.goto(server.url('/permission/role'));
    await page.getByRole('button', { name: 'Permissions Wording role' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: 'Permissions of Wording role' });
    await drawer
      .locator('.ant-tree-title', { hasText: /^New user$/ })
      .first()
      .waitFor({ timeout: 30_000 });
    const titles = await drawer.locator('.ant-tree-title').allInnerTexts();
    assert.ok(titles.length > 60, `every entry is in the tree (${titles.length})`);
    assert.deepEqual(
      titles.filter((n) => HAN.test(n) && n !== '预留额度（自定义）'),
      [],
    );
    await page.keyboard.press('Escape');

    await page.goto(server.url('/tenant/policy'));
    await page.getByRole('button', { name: /New/ }).first().click();
    const policy = page.locator('.ant-drawer:visible');
    await policy
      .locator('.ant-tree-title', { hasText: /^Force logout$/ })
      .first()
      .waitFor({ timeout: 30_000 });
    const allowed = await policy.locator('.ant-tree-title').allInnerTexts();
    assert.deepEqual(
      allowed.filter((n) => HAN.test(n) && n !== '预留额度（自定义）'),
      [],
    );
    await snap(page, 'console-wording-policy-tree-en');
    await context.close();
  });

  it('reads the upgrade logs in one language per locale', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const { context, page } = await signedIn(browser, server, locale);
      await page.goto(server.url('/home/upgrade/logs'));
      await page.locator('.ant-table-tbody > tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      const table = await page.locator('.ant-table-tbody').innerText();
      assert.doesNotMatch(table, / · /, `${locale}: no title in two languages`);
      if (locale === 'en-US') assert.doesNotMatch(table, HAN, 'no Chinese in the English console');
      else {
        assert.match(table, /安装/);
        assert.doesNotMatch(table, /installed|updated|Database schema/, 'no English in the Chinese console');
      }
      await snap(page, `console-wording-upgrade-logs-${locale}`);
      await context.close();
    }
  });

  it("names the console in the reader's language until an administrator names it", async () => {
    const zh = await signedIn(browser, server, 'zh-CN');
    await zh.page.goto(server.url('/dashboard/workplace'));
    await zh.page.locator('header').getByText('用户中心', { exact: true }).waitFor({ timeout: 30_000 });
    assert.equal(await zh.page.getByText('User Centre', { exact: true }).count(), 0);
    const en = await signedIn(browser, server, 'en-US');
    await en.page.goto(server.url('/dashboard/workplace'));
    await en.page.locator('header').getByText('User Centre', { exact: true }).waitFor({ timeout: 30_000 });
    // A name typed in the site settings shows as typed, in every language.
    await api(server, token, '/admin/admin/site/settings/save', { siteName: '星河控制台' });
    await en.page.reload();
    await en.page.locator('header').getByText('星河控制台', { exact: true }).waitFor({ timeout: 30_000 });
    await zh.context.close();
    await en.context.close();
  });
});
