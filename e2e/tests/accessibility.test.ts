import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, blocking, describeViolations, settled, type AxeViolation } from '../support/axe';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { api, apiLogin, startServer, type RunningServer } from '../support/server';
import { smsGateway } from '../support/sms-gateway';

/*
 * Issue 28, point 9: WCAG 2.1 AA. axe-core audits every console route (the pages of the registry, as the
 * shell's route table has them, opened by the platform administrator), the shell's own pages and the
 * login and registration screens, in zh-CN and a few in en-US; no violation of serious or critical
 * impact may remain, nor a duplicate or nested footer landmark, a missing main landmark or a page
 * without a level-one heading. Then what axe cannot see: the skip link is the first stop of the
 * keyboard and lands in the main content, and every stop of the keyboard on a list page shows where
 * the focus is.
 */

interface RegistryPage {
  path: string;
  hidden?: boolean;
}

/** Every page the registry declares, with a real record for the parameter of a detail page. */
async function consoleRoutes(server: RunningServer, token: string): Promise<string[]> {
  const remotes = await api<{ name: string; pages: RegistryPage[] }[]>(server, token, '/user/admin/site/remotes');
  const records = await detailRecords(server, token);
  const routes = ['/error/403', '/error/404', '/error/500'];
  for (const remote of remotes) {
    for (const page of remote.pages) {
      if (!page.path.includes(':')) {
        routes.push(page.path);
        continue;
      }
      const record = records[page.path];
      assert.ok(record, `no record to open ${page.path} with: add one to detailRecords`);
      routes.push(page.path.replace(/:\w+$/, encodeURIComponent(record)));
    }
  }
  assert.ok(routes.length > 20, `the registry lists only ${routes.length} pages`);
  return routes;
}

/** What the detail pages open: a letter to the administrator, the platform's tenant, a market version. */
async function detailRecords(server: RunningServer, token: string): Promise<Record<string, string>> {
  const me = await api<{ id: number }>(server, token, '/user/admin/member/info');
  await api(server, token, '/admin/admin/notice/letter/send', { title: 'Accessibility', content: '<p>A letter to read.</p>', userIds: [me.id] });
  const letters = await api<{ list: { id: number }[] }>(server, token, '/admin/admin/notice/my/messages?page=1&pageSize=10');
  const tenants = await api<{ list: { id: number }[] }>(server, token, '/user/admin/tenant/list?page=1&pageSize=10');
  const apps = await api<{ list: { versionId: string }[] }>(server, token, '/admin/admin/site/app/list');
  return {
    '/home/message/:id': String(letters.list[0]!.id),
    '/tenant/details/:id': String(tenants.list[0]!.id),
    // A console whose market lists nothing: the page then says the version is not found, which is a page too.
    '/addons/market/details/:versionId': apps.list[0]?.versionId ?? 'not-in-the-catalogue@1.0.0',
  };
}

type Finding = { where: string; violations: AxeViolation[] };

async function audit(page: Page, where: string): Promise<Finding> {
  await settled(page);
  return { where, violations: blocking(await axeViolations(page)) };
}

function report(findings: Finding[]): string {
  const failed = findings.filter((f) => f.violations.length > 0);
  return failed.map((f) => describeViolations(f.where, f.violations)).join('\n');
}

describe('accessibility: axe-core on every route, the skip link and visible focus (WCAG 2.1 AA)', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let routes: string[];
  const gateway = smsGateway();

  before(async () => {
    // An SMS driver, so the login screen shows its phone tab and the registration form is there to audit.
    server = await startServer({ SMS_DRIVER: 'webhook', SMS_WEBHOOK_URL: await gateway.start() });
    browser = await launchBrowser();
    token = await apiLogin(server);
    routes = await consoleRoutes(server, token);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await gateway.stop();
  });

  /** Opens each route in one signed-in page and audits it once its content is there. */
  async function auditRoutes(locale: string, paths: string[]): Promise<Finding[]> {
    const { context, page } = await newPage(browser, locale);
    await signInWithToken(page, token);
    const findings: Finding[] = [];
    try {
      for (const path of paths) {
        await page.goto(server.url(path));
        await page.locator('main').first().waitFor({ timeout: 30_000 });
        const finding = await audit(page, `${locale} ${path}`);
        if (finding.violations.length > 0) await snap(page, `a11y-${locale}${path.replace(/[^\w]+/g, '-')}`);
        findings.push(finding);
      }
    } finally {
      await context.close();
    }
    return findings;
  }

  it('every console route in zh-CN, as the platform administrator', async () => {
    const findings = await auditRoutes('zh-CN', routes);
    console.log(`audited ${findings.length} routes: ${routes.join(', ')}`);
    const text = report(findings);
    if (text) console.log(text);
    assert.equal(text, '', 'serious or critical accessibility violations (printed above)');
  });

  it('the daily routes in en-US', async () => {
    const findings = await auditRoutes('en-US', ['/dashboard/workplace', '/org/user', '/permission/role', '/tenant/manage', '/home/account']);
    const text = report(findings);
    if (text) console.log(text);
    assert.equal(text, '', 'serious or critical accessibility violations (printed above)');
  });

  it('the login, phone login and registration screens in both languages', async () => {
    const findings: Finding[] = [];
    for (const locale of ['zh-CN', 'en-US']) {
      const { context, page } = await newPage(browser, locale);
      try {
        await page.goto(server.url('/user/login'));
        await page.locator('form').first().waitFor();
        findings.push(await audit(page, `${locale} /user/login`));
        await page.getByRole('tab').nth(1).click();
        await page.locator('[role=tabpanel] form').first().waitFor();
        findings.push(await audit(page, `${locale} /user/login (phone)`));
        await page.goto(server.url('/user/reg'));
        await page.locator('form').first().waitFor();
        findings.push(await audit(page, `${locale} /user/reg`));
      } finally {
        await context.close();
      }
    }
    const text = report(findings);
    if (text) console.log(text);
    assert.equal(text, '', 'serious or critical accessibility violations (printed above)');
  });

  it('the first stop of the keyboard is a skip link to the main content, on the console and the login screen', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(server.url('/user/login'));
      await page.locator('form').first().waitFor();
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), '跳到主要内容');
      await signInWithToken(page, token);
      await page.goto(server.url('/org/user'));
      await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
      await page.keyboard.press('Tab');
      const skip = await page.evaluate(() => {
        const a = document.activeElement as HTMLAnchorElement | null;
        const box = a?.getBoundingClientRect();
        return { text: a?.textContent?.trim(), href: a?.getAttribute('href'), visible: !!box && box.width > 0 && box.height > 0 && box.top >= 0 };
      });
      assert.deepEqual(skip, { text: '跳到主要内容', href: '#main-content', visible: true }, 'shown while it has the focus');
      await page.keyboard.press('Enter');
      // The next Tab starts from the main content: its first stop is inside <main>, not the header or the menu.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => !!document.activeElement?.closest('main')), true, 'the next stop is inside the main content');
    } finally {
      await context.close();
    }
  });

  it('every keyboard stop on /org/user shows the focus (sortable headers, menu, buttons, fields, checkboxes, pagination)', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInWithToken(page, token);
      await page.goto(server.url('/org/user'));
      await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
      await settled(page);
      const unseen: string[] = [];
      let sortable = 0;
      let stops = 0;
      for (let i = 0; i < 150; i++) {
        await page.keyboard.press('Tab');
        await settled(page);
        const stop = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          // Back at a stop already seen: the keyboard went round the whole page.
          if (!el || el === document.body || el.dataset.a11yVisited) return null;
          el.dataset.a11yVisited = '1';
          // Where the focus shows: the field around an input (a select's, an input's with an icon), a checkbox's
          // or radio's box, else the element itself.
          const shown =
            (el.closest(
              '.ant-select, .ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-checkbox-wrapper, .ant-radio-wrapper',
            ) as HTMLElement | null) ?? el;
          const r = shown.getBoundingClientRect();
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
          return {
            id: `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''} "${name}"`,
            sortable: el.matches('th.ant-table-column-has-sorters'),
            box: { x: r.x, y: r.y, width: r.width, height: r.height },
          };
        });
        if (!stop) break;
        stops++;
        if (stop.box.width === 0 || stop.box.height === 0) continue;
        if (stop.sortable) sortable++;
        const clip = { x: Math.max(0, stop.box.x - 4), y: Math.max(0, stop.box.y - 4), width: stop.box.width + 8, height: stop.box.height + 8 };
        const focused = await page.screenshot({ clip });
        // The same element with the focus one stop back: the difference is the focus indicator.
        await page.keyboard.press('Shift+Tab');
        await settled(page);
        const unfocused = await page.screenshot({ clip });
        if (focused.equals(unfocused)) unseen.push(stop.id);
        await page.keyboard.press('Tab');
      }
      console.log(`${stops} keyboard stops on /org/user`);
      assert.ok(sortable > 0, 'the keyboard reached a sortable column header');
      assert.deepEqual(unseen, [], `keyboard stops without a visible focus indicator:\n${unseen.join('\n')}`);
    } finally {
      await context.close();
    }
  });
});
