import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInThroughForm, signInWithToken } from '../support/console';
import { apiLogin, startServer, type RunningServer } from '../support/server';

const apps = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../apps');

/** Waits until the console's service worker controls the page (it claims clients on activation). */
async function controlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
}

describe('shell: the offline-capable app', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  // A copy of the built apps, so the test can deploy a "new version" of the shell.
  const webDir = mkdtempSync(join(tmpdir(), 'uc-e2e-web-'));
  before(async () => {
    cpSync(join(apps, 'shell/dist'), join(webDir, 'shell/dist'), { recursive: true });
    cpSync(join(apps, 'org/dist'), join(webDir, 'org/dist'), { recursive: true });
    server = await startServer({ WEB_DIR: webDir });
    browser = await launchBrowser();
    token = await apiLogin(server);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('precaches nothing while the login page is open, and only once someone has signed in', async () => {
    const { context, page } = await newPage(browser);
    const fromWorker: string[] = [];
    context.on('request', (req) => {
      if (req.serviceWorker()) fromWorker.push(new URL(req.url()).pathname);
    });
    await page.goto(server.url('/user/login'));
    await page.getByPlaceholder('用户名').waitFor();
    await page.waitForLoadState('networkidle');
    // Longer than the page takes to load and go idle: a worker registered on load would have started.
    await page.waitForTimeout(3000);
    assert.deepEqual(fromWorker, [], 'no request of the worker while on the login page');
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0);

    await signInThroughForm(page);
    await page.locator('aside').getByText('组织管理').first().waitFor({ timeout: 30_000 });
    await controlled(page);
    await page.waitForFunction(async () => {
      const key = (await caches.keys()).find((k) => k.startsWith('uc-shell-'));
      return !!key && (await (await caches.open(key)).keys()).some((r) => /\/static\/js\/main\.\w+\.js$/.test(r.url));
    });
    assert.ok(fromWorker.length > 0, 'the worker precached once signed in');
    await context.close();
  });

  it('precaches the shell, warns when offline and still opens the console without a network', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    await page.locator('aside').getByText('组织管理').first().waitFor();
    await controlled(page);
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const cache = await caches.open(keys.find((k) => k.startsWith('uc-shell-'))!);
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    assert.ok(cached.includes('/user/web/index.html'));
    assert.ok(
      cached.some((p) => /^\/user\/web\/static\/js\/main\.\w+\.js$/.test(p)),
      'the entry script is precached',
    );

    await context.setOffline(true);
    await page.getByTestId('offline-warning').getByText('当前处于离线状态').waitFor();
    await snap(page, 'shell-offline');
    // A reload without any network: the shell comes from the cache (the API cannot answer, so
    // the console shows the sign-in page, with the warning).
    await page.reload();
    await page.getByPlaceholder('用户名').waitFor();
    await page.getByTestId('offline-warning').waitFor();

    await context.setOffline(false);
    await page.getByTestId('offline-warning').waitFor({ state: 'detached' });
    await context.close();
  });

  it('never answers API calls from the cache', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    await controlled(page);
    const fromWorker = await page.evaluate(async () => {
      await fetch('/admin/admin/site/config');
      const entry = performance.getEntriesByName(new URL('/admin/admin/site/config', location.href).href).pop() as PerformanceResourceTiming;
      return entry.workerStart > 0 && entry.transferSize === 0;
    });
    assert.equal(fromWorker, false);
    const keys = await page.evaluate(async () => {
      const out: string[] = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname);
      return out;
    });
    assert.equal(keys.filter((p) => p.startsWith('/admin/') || p.startsWith('/user/admin/')).length, 0);
    await context.close();
  });

  it('shows a notice for a new version; confirming activates it, clears the caches and reloads', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    await controlled(page);
    const before = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
    await page.evaluate(() => ((window as unknown as { __ucMark: number }).__ucMark = 1));

    // Deploy: the worker script changes (a new build changes its precache list the same way).
    appendFileSync(join(webDir, 'shell/dist/sw.js'), '\n// next deployment\n');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const notice = page.getByTestId('sw-update');
    await notice.getByText('有新版本可用').waitFor({ timeout: 30_000 });
    await snap(page, 'shell-new-version');

    const reloaded = page.waitForEvent('framenavigated');
    await notice.getByRole('button', { name: '刷新' }).click();
    await reloaded;
    await page.locator('aside').getByText('组织管理').first().waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { __ucMark?: number }).__ucMark), undefined, 'the page reloaded');
    await controlled(page);
    const state = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return { waiting: !!reg?.waiting, script: await (await fetch(reg!.active!.scriptURL, { cache: 'no-store' })).text() };
    });
    assert.equal(state.waiting, false, 'the new version is active, none waits');
    assert.match(state.script, /next deployment/);
    assert.equal(await notice.count(), 0);
    assert.ok(before);
    await context.close();
  });

  it('unregisters the worker and clears its caches when the offline option is off', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    await controlled(page);
    assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 1);

    // The administrator turns the offline option off (there is no settings call yet: the answer is changed in flight).
    await context.route('**/admin/admin/site/config', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, offline: false } } });
    });
    await page.reload();
    await page.locator('aside').getByText('组织管理').first().waitFor();
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 0, undefined, { timeout: 30_000 });
    await page.waitForFunction(async () => (await caches.keys()).every((k) => !k.startsWith('uc-shell-')));
    await context.close();
  });
});
