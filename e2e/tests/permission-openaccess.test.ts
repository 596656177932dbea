import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

/** Signs in with an open access key from Node, as a program would (README: open access sign-in). */
async function openLogin(server: RunningServer, key: string, secret: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', secret).update(`${key}${timestamp}${nonce}`).digest('hex');
  const res = await fetch(`${server.origin}/user/admin/site/access/open/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, timestamp, nonce, signature }),
  });
  return (await res.json()) as { code: number; message: string; data: { id: number; username: string; token: string } };
}

describe('permission remote: open access keys', () => {
  let server: RunningServer;
  let browser: Browser;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('creates a key, shows its secret once, signs in with it, rotates it and the old secret fails', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    await page.goto(server.url('/permission/openaccess'));
    await page.getByText('开放授权', { exact: true }).first().waitFor({ timeout: 30_000 });

    // Create: title and the linked user, picked through the member search.
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '新增开放授权' });
    await form.getByLabel('标题').fill('E2E robot');
    await form.getByLabel('关联用户').click();
    await form.getByLabel('关联用户').fill('admin');
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^admin/ })
      .first()
      .click();
    await form.getByRole('button', { name: /保\s*存/ }).click();

    // The secret, once, with the warning.
    const shown = page.locator('.ant-modal').filter({ hasText: '请立即保存秘钥' });
    await shown.getByText('秘钥仅显示这一次').waitFor();
    const key = (await shown.getByTestId('oa-key').innerText()).trim();
    const secret = (await shown.getByTestId('oa-secret').innerText()).trim();
    assert.match(key, /^ak_[0-9a-f]{32}$/);
    assert.match(secret, /^sk_[A-Za-z0-9_-]{43}$/);
    await snap(page, 'permission-openaccess-secret');
    await shown.getByRole('button', { name: '我已保存' }).click();
    await shown.getByTestId('oa-secret').waitFor({ state: 'detached' });

    // Masked from now on.
    const row = page.locator('tr', { has: page.getByText('E2E robot', { exact: true }) });
    await row.waitFor();
    await row.getByText(`sk_…${secret.slice(-4)}`).waitFor();
    assert.equal(await page.getByText(secret).count(), 0, 'the full secret is not on the page any more');

    // A program signs in with it and acts as the linked user.
    const first = await openLogin(server, key, secret);
    assert.equal(first.code, 0, first.message);
    assert.equal(first.data.username, 'admin');
    const info = await fetch(`${server.origin}/user/admin/member/info`, { headers: { authorization: first.data.token } });
    assert.equal(((await info.json()) as { code: number }).code, 0);

    // Rotate: a new secret, shown once; the old one fails, the new one works.
    await row.getByRole('button', { name: '重置秘钥 E2E robot' }).click();
    await page
      .locator('.ant-popover')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const again = page.locator('.ant-modal').filter({ hasText: '请立即保存秘钥' });
    await again.getByTestId('oa-secret').waitFor();
    const rotated = (await again.getByTestId('oa-secret').innerText()).trim();
    assert.notEqual(rotated, secret);
    await again.getByRole('button', { name: '我已保存' }).click();
    const old = await openLogin(server, key, secret);
    assert.notEqual(old.code, 0, 'the old secret no longer signs in');
    assert.equal((await openLogin(server, key, rotated)).code, 0);
    await context.close();
  });
});
