import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { apiLogin, startServer, type RunningServer } from '../support/server';

/** The /user/access address a program hands to a person: signed with the key's secret in Node. */
function accessUrl(server: RunningServer, key: string, secret: string, redirect?: string, tamper = false): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const nonce = randomBytes(16).toString('hex');
  let signature = createHmac('sha256', secret).update(`${key}${timestamp}${nonce}`).digest('hex');
  if (tamper) signature = signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
  const q = new URLSearchParams({ key, timestamp: String(timestamp), nonce, signature, ...(redirect ? { redirect } : {}) });
  return server.url(`/user/access?${q.toString()}`);
}

describe('shell: /user/access open-access landing', () => {
  let server: RunningServer;
  let browser: Browser;
  let key = '';
  let secret = '';
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const token = await apiLogin(server);
    const res = await fetch(`${server.origin}/user/admin/openaccess/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ title: 'E2E access link', userId: 1 }),
    });
    const body = (await res.json()) as { code: number; message: string; data: { id: number; key: string; secret?: string } };
    assert.equal(body.code, 0, body.message);
    key = body.data.key;
    secret = body.data.secret ?? '';
    assert.ok(secret, 'create returns the secret once');
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in with a signed link and lands on the dashboard with a stored token', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(accessUrl(server, key, secret));
    await page.waitForURL((u) => u.pathname.endsWith('/dashboard/workplace'), { timeout: 30_000 });
    const token = await page.evaluate(() => localStorage.getItem('ACCESS-TOKEN'));
    assert.ok(token, 'the token is stored like a normal sign-in');
    const info = await fetch(`${server.origin}/user/admin/member/info`, { headers: { authorization: token } });
    assert.equal(((await info.json()) as { code: number }).code, 0, 'the stored token is a live session');
    // The signed-in layout shows (not the login page).
    await page.locator('.ant-layout').first().waitFor({ timeout: 30_000 });
    await snap(page, 'shell-access-dashboard');
    await context.close();
  });

  it('goes to a same-origin redirect, and ignores a foreign one', async () => {
    const { context, page } = await newPage(browser);
    const inside = new URL(server.url('/org/user')).pathname;
    await page.goto(accessUrl(server, key, secret, inside));
    await page.waitForURL((u) => u.pathname === inside, { timeout: 30_000 });
    await context.close();

    const other = await newPage(browser);
    await other.page.goto(accessUrl(server, key, secret, 'https://evil.example/steal'));
    await other.page.waitForURL((u) => u.pathname.endsWith('/dashboard/workplace'), { timeout: 30_000 });
    assert.equal(new URL(other.page.url()).origin, server.origin);
    await other.context.close();
  });

  it('shows a translated error with a link to the login page on a bad signature, storing no token', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(accessUrl(server, key, secret, undefined, true));
    const alert = page.getByTestId('access-error');
    await alert.waitFor({ timeout: 30_000 });
    await alert.getByText('无法通过此链接登录').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('ACCESS-TOKEN')), null, 'no token after a refused sign-in');
    await snap(page, 'shell-access-error');
    await alert.getByRole('link', { name: '前往登录页' }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/user/login'), { timeout: 30_000 });
    await context.close();

    // The English table too (the language chosen earlier is kept under umi's key).
    const en = await newPage(browser, 'en-US');
    await en.context.addInitScript(() => localStorage.setItem('umi_locale', 'en-US'));
    await en.page.goto(accessUrl(server, key, secret, undefined, true));
    await en.page.getByTestId('access-error').getByText('Could not sign in with this link').waitFor({ timeout: 30_000 });
    await en.context.close();
  });
});
