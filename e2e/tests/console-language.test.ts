import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { deptEnUS, deptZhCN } from '../../apps/org/src/features/dept/dept-messages';
import { postEnUS, postZhCN } from '../../apps/org/src/features/post/post-messages';
import { userEnUS, userZhCN } from '../../apps/org/src/features/user/user-messages';
import { orgCommonEnUS, orgCommonZhCN } from '../../apps/org/src/lib/org-messages';
import { shellEnUS } from '../../apps/shell/src/locales/en-US';
import { shellZhCN } from '../../apps/shell/src/locales/zh-CN';
import { newPage } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

/*
 * Issue 12: every message a person sees, from the client or the server, is in the selected language.
 * The same refusals and validation errors are provoked on the screens in zh-CN and in en-US; the
 * messages the console shows (toasts and form errors) are collected and checked.
 */

type Locale = 'zh-CN' | 'en-US';
const TABLES: Record<Locale, Record<string, string>> = {
  'zh-CN': { ...shellZhCN, ...orgCommonZhCN, ...userZhCN, ...deptZhCN, ...postZhCN },
  'en-US': { ...shellEnUS, ...orgCommonEnUS, ...userEnUS, ...deptEnUS, ...postEnUS },
};
const HAN = /\p{Script=Han}/u;
/** Three English words in a row: a sentence (a field name such as "code:" is not one). */
const ENGLISH_SENTENCE = /\b[A-Za-z]{2,},? [A-Za-z]{2,} [A-Za-z]{2,}\b/;

/** antd puts a space between the two characters of a two-character Chinese button label. */
const spaced = (text: string) => new RegExp(`^\\s*${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}\\s*$`);

/** Messages the console shows: toasts and the explanations under form fields. */
const SHOWN = '.ant-message-notice-content, .ant-form-item-explain-error, [role=alert], [role=status]';

async function shownTexts(page: Page): Promise<string[]> {
  return (await page.locator(SHOWN).allInnerTexts()).map((s) => s.trim()).filter(Boolean);
}

/** Runs `act`, then waits for a message not shown before and returns it. */
async function provoke(page: Page, what: string, act: () => Promise<void>): Promise<{ what: string; text: string }> {
  const before = new Set(await shownTexts(page));
  await act();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const fresh = (await shownTexts(page)).filter((text) => !before.has(text));
    if (fresh.length > 0) return { what, text: fresh.join(' | ') };
    if (Date.now() > deadline) {
      await page.screenshot({ path: '/tmp/lang-fail.png' }).catch(() => undefined);
      throw new Error(`no message shown after: ${what}`);
    }
    await page.waitForTimeout(100);
  }
}

async function provokeEverywhere(server: RunningServer, browser: Browser, locale: Locale): Promise<{ what: string; text: string }[]> {
  const L = (key: string) => {
    const text = TABLES[locale][key];
    assert.ok(text, `no ${locale} text for ${key}`);
    return text;
  };
  const { context, page } = await newPage(browser, locale);
  await context.addInitScript((l) => localStorage.setItem('umi_locale', l), locale);
  const seen: { what: string; text: string }[] = [];
  try {
    // 1. The login page: a wrong password (the server's refusal).
    await page.goto(server.url('/user/login'));
    await page.getByPlaceholder(L('login.username.placeholder')).fill('admin');
    await page.getByPlaceholder(L('login.password.placeholder')).fill('not-the-password');
    seen.push(await provoke(page, 'wrong password', () => page.getByRole('button', { name: spaced(L('login.submit')) }).click()));

    await signInWithToken(page, await apiLogin(server));
    const modalSave = () => page.locator('.ant-modal-footer .ant-btn-primary:visible').click();

    // 2-4. Users: an e-mail address and a phone number the form refuses, a user name that is taken.
    await page.goto(server.url('/org/user'));
    await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: new RegExp(L('org.user.create')) }).click();
    await page.locator('#user_username').fill('admin');
    await page.locator('#user_password').fill('admin-password-2');
    await page.locator('#user_realName').fill('Second admin');
    // The form checks as one types: the fill is part of what provokes the message.
    seen.push(
      await provoke(page, 'bad email (form)', async () => {
        await page.locator('#user_email').fill('not-an-address');
        await modalSave();
      }),
    );
    await page.locator('#user_email').fill('');
    seen.push(
      await provoke(page, 'bad phone number (form)', async () => {
        await page.locator('#user_mobile').fill('123');
        await modalSave();
      }),
    );
    seen.push(
      await provoke(page, 'user name taken (server)', async () => {
        await page.locator('#user_mobile').fill(locale === 'zh-CN' ? '13800000071' : '13800000072');
        await modalSave();
      }),
    );
    await page.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary):visible').first().click();

    // 5-7. Departments: an empty form, a code used twice, deleting a department that has a child.
    await page.goto(server.url('/org/dept'));
    await page.getByRole('button', { name: new RegExp(L('org.dept.create')) }).click();
    seen.push(await provoke(page, 'empty department (form)', modalSave));
    const code = `hq-${locale}`;
    await page.locator('#dept_name').fill(`HQ ${locale}`);
    await page.locator('#dept_code').fill(code);
    await modalSave();
    await page.getByRole('cell', { name: `HQ ${locale}`, exact: true }).waitFor();
    await page.getByRole('button', { name: new RegExp(L('org.dept.create')) }).click();
    await page.locator('#dept_name').fill(`Branch ${locale}`);
    await page.locator('#dept_code').fill(code);
    seen.push(await provoke(page, 'department code used twice (server)', modalSave));
    await page.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary):visible').first().click();
    // Once it has a child, the name cell holds the expand button too: the row is found by its text.
    const hq = page.getByRole('row', { name: new RegExp(`HQ ${locale}`) });
    await hq.getByRole('button', { name: L('org.dept.addChild') }).click();
    await page.locator('#dept_name').fill(`Sales ${locale}`);
    await page.locator('#dept_code').fill(`sales-${locale}`);
    await modalSave();
    await page.getByRole('cell', { name: `Sales ${locale}`, exact: true }).waitFor();
    await hq.getByRole('button', { name: spaced(L('org.action.delete')) }).click();
    seen.push(await provoke(page, 'delete a department that has a child (server)', () => page.locator('.ant-popover:visible .ant-btn-primary').click()));

    // 9-11. Posts: an empty form, a name used twice, a code used twice.
    await page.goto(server.url('/org/post'));
    await page.getByRole('button', { name: new RegExp(L('org.post.create')) }).click();
    seen.push(await provoke(page, 'empty post (form)', modalSave));
    await page.locator('#post_name').fill(`Engineer ${locale}`);
    await page.locator('#post_code').fill(`eng-${locale}`);
    await modalSave();
    await page.getByRole('cell', { name: `Engineer ${locale}`, exact: true }).waitFor();
    await page.getByRole('button', { name: new RegExp(L('org.post.create')) }).click();
    await page.locator('#post_name').fill(`Engineer ${locale}`);
    await page.locator('#post_code').fill(`eng2-${locale}`);
    seen.push(await provoke(page, 'post name used twice (server)', modalSave));
    await page.locator('#post_name').fill(`Engineer 2 ${locale}`);
    seen.push(
      await provoke(page, 'post code used twice (server)', async () => {
        await page.locator('#post_code').fill(`eng-${locale}`);
        await modalSave();
      }),
    );
  } finally {
    await context.close();
  }
  return seen;
}

describe('the console speaks one language', () => {
  let server: RunningServer;
  let browser: Browser;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('zh-CN: ten refusals and validation errors on the screens, each in Chinese with no English sentence', async (t) => {
    const seen = await provokeEverywhere(server, browser, 'zh-CN');
    for (const { what, text } of seen) t.diagnostic(`${what}: ${text}`);
    assert.equal(seen.length, 10);
    for (const { what, text } of seen) {
      assert.match(text, HAN, `${what}: "${text}" has no Chinese`);
      assert.doesNotMatch(text, ENGLISH_SENTENCE, `${what}: "${text}" has an English sentence`);
    }
  });

  it('en-US: the same ten, none with Chinese', async (t) => {
    const seen = await provokeEverywhere(server, browser, 'en-US');
    for (const { what, text } of seen) t.diagnostic(`${what}: ${text}`);
    assert.equal(seen.length, 10);
    for (const { what, text } of seen) assert.doesNotMatch(text, HAN, `${what}: "${text}" has Chinese`);
  });
});
