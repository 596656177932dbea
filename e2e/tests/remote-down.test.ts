import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

describe('a remote that cannot be loaded is contained', () => {
  let server: RunningServer;
  let browser: Browser;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('keeps the shell working, shows an error with retry on /org/user, and the retry loads it once it is back', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    // The org remote's host is down: every request for its files fails.
    const down = '**/user/web/remotes/org/**';
    await page.route(down, (route) => route.abort('connectionrefused'));

    await page.goto(server.url('/dashboard'));
    await page.locator('aside').getByText('组织管理').first().waitFor();

    await page.goto(server.url('/org/user'));
    await page.getByText('组织管理模块加载失败').waitFor({ timeout: 30_000 });
    await snap(page, 'org-remote-down');

    // Other pages keep working while the remote is down.
    await page.goto(server.url('/dashboard'));
    await page.locator('aside').getByText('组织管理').first().waitFor();
    assert.equal(await page.getByText('组织管理模块加载失败').count(), 0);

    // The remote comes back: the retry button loads it without a page reload.
    await page.goto(server.url('/org/user'));
    const retry = page.getByRole('button', { name: /重\s*试/ });
    await retry.waitFor({ timeout: 30_000 });
    await page.unroute(down);
    await page.evaluate(() => ((window as unknown as { __ucNoReload: boolean }).__ucNoReload = true));
    await retry.click();
    await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ timeout: 30_000 });
    assert.equal(await page.evaluate(() => (window as unknown as { __ucNoReload?: boolean }).__ucNoReload), true, 'retry did not reload the page');
    await context.close();
  });
});
