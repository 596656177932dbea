import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { newPage } from '../support/browser';
import { loginPath, pathOf, signInThroughForm, signInWithToken } from '../support/console';
import { apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

/** /user/jump?redirect=: the entry other applications of the platform link to (spec section 2). */
describe('shell: /user/jump', () => {
  let server: RunningServer;
  let browser: Browser;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  const jump = (redirect: string) => server.url(`/user/jump?redirect=${encodeURIComponent(redirect)}`);

  it('takes a signed-in user to the redirect target, given as a path or as a full address of this console', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    await page.goto(jump('/user/web/org/dept'));
    await page.waitForURL((u) => u.pathname === '/user/web/org/dept');
    await page.getByRole('button', { name: /新增部门/ }).waitFor();
    assert.equal(pathOf(page), '/user/web/org/dept');

    await page.goto(jump(server.url('/org/post?tab=1')));
    await page.waitForURL((u) => u.pathname === '/user/web/org/post' && u.search === '?tab=1');
    await page.locator('aside').getByText('组织管理').first().waitFor();
    await context.close();
  });

  it('sends a signed-out visitor to login with the target kept, and there after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(jump('/user/web/org/dept'));
    await page.waitForURL((u) => u.pathname === loginPath(server));
    assert.equal(new URL(page.url()).searchParams.get('redirect'), server.url('/org/dept'));
    await signInThroughForm(page);
    await page.waitForURL((u) => u.pathname === '/user/web/org/dept');
    await page.getByRole('button', { name: /新增部门/ }).waitFor();
    await context.close();
  });

  it('sends a stale sign-in to login like a signed-out one', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, 'a-token-the-server-never-issued');
    await page.goto(jump('/user/web/org/dept'));
    await page.waitForURL((u) => u.pathname === loginPath(server));
    assert.equal(new URL(page.url()).searchParams.get('redirect'), server.url('/org/dept'));
    await context.close();
  });

  it('never leaves the console: other origins and scheme tricks land on the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    for (const target of [
      'https://evil.example/user/web/org/dept',
      '//evil.example/user/web/org/dept',
      '/\\evil.example/user/web/org/dept',
      'javascript:alert(1)',
    ]) {
      await page.goto(jump(target));
      await page.waitForURL((u) => u.pathname === '/user/web/dashboard/workplace');
      assert.equal(new URL(page.url()).origin, server.origin, target);
    }
    await context.close();
  });
});
