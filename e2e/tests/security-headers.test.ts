import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { newPage } from '../support/browser';
import { signInThroughForm } from '../support/console';
import { apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Every CSP violation of the page (events on document, and Chromium's console reports), from the first script on. */
async function watchCsp(page: Page): Promise<{ list: () => Promise<string[]>; clear: () => Promise<void> }> {
  const reports: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) reports.push(`${page.url()}: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    const seen: Violation[] = ((window as unknown as { __csp: Violation[] }).__csp = []);
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  return {
    async list() {
      const events = await page.evaluate(() => (window as unknown as { __csp?: Violation[] }).__csp ?? []).catch(() => []);
      return [...reports, ...events.map((v) => `${page.url()}: ${v.directive} blocked ${v.blocked} (${v.source})`)];
    },
    async clear() {
      reports.length = 0;
      await page.evaluate(() => ((window as unknown as { __csp: Violation[] }).__csp.length = 0));
    },
  };
}

interface MenuItem {
  path: string;
  children: MenuItem[];
}
const menuPaths = (items: MenuItem[]): string[] => items.flatMap((m) => [...(m.path.startsWith('/') ? [m.path] : []), ...menuPaths(m.children)]);

/** Waits until the screen has settled: the layout is there and the network is quiet. */
async function settle(page: Page): Promise<void> {
  await page.locator('aside').first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

describe('security headers in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('every screen of the admin works under the Content-Security-Policy without a single violation', async () => {
    const { context, page } = await newPage(browser);
    const csp = await watchCsp(page);
    const res = await page.goto(server.url('/user/login'));
    const policy = res?.headers()['content-security-policy'] ?? '';
    assert.match(policy, /script-src 'self'(;|$)/, `the page is served with a strict script policy: ${policy}`);

    // The watcher sees what the policy blocks: an injected inline script does not run and is reported.
    await page.getByPlaceholder('用户名').waitFor();
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.appendChild(s);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    assert.equal(ran, false);
    await page.waitForFunction(() => (window as unknown as { __csp: Violation[] }).__csp.length > 0);
    assert.match((await csp.list()).join('\n'), /script-src/);
    await csp.clear();

    await signInThroughForm(page);
    await page.waitForURL(/\/user\/web\/dashboard\/workplace$/);
    await settle(page);

    const token = await apiLogin(server);
    const menu = (await (await fetch(`${server.origin}/user/admin/role/antd/menu`, { headers: { Authorization: token } })).json()) as {
      data: { list: MenuItem[] };
    };
    const screens = [
      ...new Set([
        '/dashboard/workplace',
        '/dashboard/analysis',
        '/dashboard/monitor',
        '/org/user',
        '/org/dept',
        '/org/post',
        '/permission/menu',
        '/permission/role',
        '/permission/openaccess',
        '/tenant/invite',
        ...menuPaths(menu.data.list),
      ]),
    ];
    const problems: string[] = [];
    for (const path of screens) {
      await page.goto(server.url(path));
      await settle(page);
      problems.push(...(await csp.list()));
      await csp.clear();
    }
    // Screens that open more than a page: a form modal (antd injects its styles as it opens) and the app drawer.
    await page.goto(server.url('/org/dept'));
    await page.getByRole('button', { name: /新增部门/ }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('app-drawer-button').click();
    await page.getByTestId('app-drawer').waitFor();
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    problems.push(...(await csp.list()));
    assert.deepEqual(problems, [], `visited ${screens.join(', ')}`);
    await context.close();
  });

  it('the API docs (swagger-ui) work under the policy', async () => {
    const { context, page } = await newPage(browser);
    const csp = await watchCsp(page);
    await page.goto(`${server.origin}/user/admin/docs`);
    await page.locator('.swagger-ui .opblock').first().waitFor();
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    assert.deepEqual(await csp.list(), []);
    await context.close();
  });

  it('another site cannot frame the console', async () => {
    const { context, page } = await newPage(browser);
    // A real server on another port: another origin on this machine, so nothing but the headers stands
    // in the way (an intercepted page would count as a public address and be refused for that instead).
    const attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><iframe name="victim" src="${server.url('/user/login')}" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((ok) => attacker.listen(0, '127.0.0.1', ok));
    try {
      const asked = page.waitForRequest(server.url('/user/login'));
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`, { waitUntil: 'load' });
      await asked;
      // Chromium replaces a refused frame with its error page: nothing of the console is in it.
      // The refused frame is the page's only child; once replaced by the error page it may lose its name.
      let victim = page.mainFrame().childFrames()[0];
      for (let i = 0; i < 50 && !victim; i++) {
        await page.waitForTimeout(100);
        victim = page.mainFrame().childFrames()[0];
      }
      assert.ok(victim, 'the attacking page holds a frame');
      for (let i = 0; i < 50 && !victim.url().startsWith('chrome-error:'); i++) await page.waitForTimeout(100);
      assert.match(victim.url(), /^chrome-error:/, 'the browser refused to show the console in a foreign frame');
      assert.equal(await victim.locator('input[name="username"]').count(), 0);
    } finally {
      attacker.close();
    }

    // The console's own origin still may (frame-ancestors 'self').
    await page.goto(server.url('/user/login'));
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.name = 'own';
      frame.src = src;
      document.body.appendChild(frame);
    }, server.url('/user/login'));
    await page.frameLocator('iframe[name="own"]').getByPlaceholder('用户名').waitFor();
    await context.close();
  });
});
