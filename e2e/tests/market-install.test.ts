import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { buildExampleAddon } from '../../scripts/build-example-addon.mjs';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { api, apiLogin, startServer, type RunningServer } from '../support/server';

/*
 * Issue 15, as a platform operator and an addon author would do it: the example addon
 * (examples/hello-addon) built and packed with the kit outside the workspace, offered by a catalogue
 * URL, installed from the app drawer's market, opened from its new menu without a reload, updated
 * while another tab runs it, rolled back and uninstalled.
 *
 * The catalogue is a small HTTP server of this test: an index and the packages, each package sent in
 * slices over about three seconds, so the card's 下载中 is there to be seen.
 */
const NAME = 'hello-addon';
const work = mkdtempSync(join(tmpdir(), 'uc-market-e2e-'));

interface Offered {
  version: string;
  body: Buffer;
}

function catalogueServer(offered: Offered[]): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/index.json') {
      const addons = offered.map((o) => ({
        name: NAME,
        version: o.version,
        url: `packages/${NAME}-${o.version}.tgz`,
        sha256: createHash('sha256').update(o.body).digest('hex'),
        size: o.body.length,
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ addons }));
      return;
    }
    const pkg = offered.find((o) => path === `/packages/${NAME}-${o.version}.tgz`);
    if (!pkg) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(pkg.body.length) });
    const slices = 12;
    const step = Math.ceil(pkg.body.length / slices);
    let i = 0;
    const timer = setInterval(() => {
      res.write(pkg.body.subarray(i * step, (i + 1) * step));
      if (++i >= slices) {
        clearInterval(timer);
        res.end();
      }
    }, 250);
    req.on('close', () => clearInterval(timer));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server })));
}

/** The versions of the addon whose remoteEntry.js the page loaded. */
function entriesLoaded(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (res: Response) => {
    const m = /\/user\/web\/remotes\/addons\/hello-addon\/([^/]+)\/remoteEntry\.js$/.exec(new URL(res.url()).pathname);
    if (m && res.ok()) seen.push(m[1]!);
  });
  return seen;
}

/** Every status label the card shows, in order, however briefly (recorded in the page). */
async function recordCardStatus(page: Page): Promise<() => Promise<string[]>> {
  // A string, not a function: tsx's helpers for named functions do not exist in the page.
  await page.evaluate(`(() => {
    const w = window;
    w.__ucCardStatus = [];
    const selector = '[data-testid="market-card-${NAME}"] [data-testid="market-card-status"]';
    const note = () => {
      const text = (document.querySelector(selector)?.textContent ?? '').trim();
      if (text && w.__ucCardStatus.at(-1) !== text) w.__ucCardStatus.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    note();
  })()`);
  return () => page.evaluate(() => (window as unknown as { __ucCardStatus: string[] }).__ucCardStatus);
}

/** The details page of a version, where /admin/web/addons/market/details/{versionId} lands (the versionId may be escaped). */
const detailsOf = (version: string) => new RegExp(`/user/web/addons/market/details/${NAME}(@|%40)${version.replace(/\./g, '\\.')}$`);

/** A navigation inside the console, as a link does it (no reload). */
const navigate = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/user/web${path}`);

const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __ucNoReload: boolean }).__ucNoReload = true));
const stillNoReload = (page: Page) => page.evaluate(() => (window as unknown as { __ucNoReload?: boolean }).__ucNoReload === true);

describe('the application market installs, updates, rolls back and uninstalls an addon at run time', () => {
  let server: RunningServer;
  let catalogue: { url: string; server: Server };
  let browser: Browser;
  let token: string;
  const offered: Offered[] = [];
  let v2: Offered;

  before(async () => {
    const first = buildExampleAddon({ outDir: join(work, 'out') }) as { tarball: string };
    const second = buildExampleAddon({ outDir: join(work, 'out'), version: '0.2.0', changelog: '- 问候语更亲切' }) as { tarball: string };
    offered.push({ version: '0.1.0', body: readFileSync(first.tarball) });
    v2 = { version: '0.2.0', body: readFileSync(second.tarball) };
    catalogue = await catalogueServer(offered);
    server = await startServer({ MARKET_CATALOGUE_URLS: `${catalogue.url}/index.json`, MARKET_CATALOGUE_TTL_SECONDS: '0' });
    browser = await launchBrowser();
    token = await apiLogin(server);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    catalogue?.server.close();
    rmSync(work, { recursive: true, force: true });
  });

  let context: BrowserContext;
  let page: Page;
  /** Another administrator's tab, open on the addon's page before the update. */
  let other: { context: BrowserContext; page: Page; loaded: string[]; openedAt: number };
  let details: Page;

  const card = () => page.getByTestId(`market-card-${NAME}`);
  const openDrawer = async () => {
    await page.getByTestId('app-drawer-button').click();
    await card().waitFor({ timeout: 30_000 });
  };
  const closeDrawer = () => page.keyboard.press('Escape');
  /** Waits for the details window's job to end in 已安装. */
  const jobDone = async (win: Page) => {
    await win.getByTestId('market-job-status').filter({ hasText: '已安装' }).waitFor({ timeout: 60_000 });
  };

  it('installs from the drawer: 下载中, then 已安装, and the new menu opens the addon without a reload', async () => {
    ({ context, page } = await newPage(browser));
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    await page.getByTestId('user-menu-name').waitFor({ timeout: 30_000 });
    await markNoReload(page);
    // The new remote may load on its own once the menu has it (the shell prefetches what the menu leads to).
    const loaded = entriesLoaded(page);
    await openDrawer();
    assert.equal((await card().getByTestId('market-card-status').textContent())?.trim(), '未安装');
    const statuses = await recordCardStatus(page);

    // Install opens the details page in a new window, at the spec's address.
    const [popup] = await Promise.all([context.waitForEvent('page'), card().getByTestId('market-install').click()]);
    details = popup;
    await details.waitForURL(detailsOf('0.1.0'), { timeout: 30_000 });
    await details.getByTestId('market-action-install').click();

    await card().getByTestId('market-card-status').filter({ hasText: '已安装' }).waitFor({ timeout: 60_000 });
    const seen = await statuses();
    assert.equal(seen[0], '未安装', seen.join(' → '));
    assert.ok(seen.includes('下载中'), `the card never showed 下载中: ${seen.join(' → ')}`);
    assert.equal(seen.at(-1), '已安装', seen.join(' → '));
    // In order: 安装中, when a refresh caught it (it lasts a fraction of a second here), comes between.
    const order = ['未安装', '下载中', '安装中', '已安装'];
    assert.deepEqual(
      seen,
      [...seen].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
      seen.join(' → '),
    );
    // An installed addon without an update offers Details.
    await card().getByTestId('market-details').waitFor({ timeout: 10_000 });
    await jobDone(details);
    // The details window's timeline: downloaded, installed, done (the installing phase is recorded by the
    // server, however short it was for the card's poll).
    assert.equal(await details.getByTestId('market-job-steps').locator('.ant-steps-item-finish').count(), 3);
    await snap(details, 'market-details-installed');
    await snap(page, 'market-installed');

    await closeDrawer();
    await page.locator('aside').getByText('示例应用', { exact: true }).click();
    await page.locator('aside').getByText('你好', { exact: true }).click();
    await page.waitForURL('**/hello-addon/hello');
    await page.getByText('你好，管理员！').waitFor({ timeout: 30_000 });
    assert.deepEqual(loaded, ['0.1.0']);
    assert.equal(await stillNoReload(page), true, 'the page was reloaded');
  });

  it('offers the new version as an update; a tab open on the old one keeps working and takes the new one on navigation', async () => {
    const o = await newPage(browser);
    await signInWithToken(o.page, await apiLogin(server));
    other = { ...o, loaded: entriesLoaded(o.page), openedAt: 0 };
    await other.page.goto(server.url('/hello-addon/hello'));
    other.openedAt = Date.now();
    await other.page.getByText('你好，管理员！').waitFor({ timeout: 30_000 });
    assert.deepEqual(other.loaded, ['0.1.0']);
    await markNoReload(other.page);

    // The author publishes 0.2.0.
    offered.push(v2);
    await openDrawer();
    await card().getByTestId('market-update').waitFor({ timeout: 30_000 });
    assert.equal(await card().getByTestId('market-old-version').textContent(), '0.1.0');
    assert.match((await card().textContent()) ?? '', /0\.2\.0/);
    await snap(page, 'market-update-offered');
    const [popup] = await Promise.all([context.waitForEvent('page'), card().getByTestId('market-update').click()]);
    await popup.waitForURL(detailsOf('0.2.0'), { timeout: 30_000 });
    await popup.getByTestId('market-action-update').click();
    await jobDone(popup);
    await popup.close();
    await card().getByTestId('market-card-status').filter({ hasText: '已安装' }).waitFor({ timeout: 30_000 });
    await card().getByTestId('market-details').waitFor({ timeout: 30_000 });
    await closeDrawer();

    // The other tab, still on 0.1.0: leaving the page and coming back works (the old version is still served).
    await navigate(other.page, '/home/account?view=settings&tab=basic');
    await other.page.getByText('基本信息').first().waitFor({ timeout: 30_000 });
    await navigate(other.page, '/hello-addon/hello');
    await other.page.getByText('你好，管理员！').waitFor({ timeout: 30_000 });
    assert.ok(!other.loaded.includes('0.2.0') || Date.now() - other.openedAt > 30_000, other.loaded.join(', '));
    assert.equal(await other.page.getByText('模块加载失败').count(), 0);
    // Once its registry is 30 s old, a navigation asks again and the new version loads in place.
    await other.page.waitForTimeout(Math.max(0, other.openedAt + 32_000 - Date.now()));
    // The navigation away asks the registry again (it is over 30 s old); back on the addon's page, 0.2.0 loads.
    await Promise.all([
      other.page.waitForResponse((res) => new URL(res.url()).pathname === '/user/admin/site/remotes', { timeout: 30_000 }),
      navigate(other.page, '/home/account?view=settings&tab=basic'),
    ]);
    await other.page.getByText('基本信息').first().waitFor({ timeout: 30_000 });
    await navigate(other.page, '/hello-addon/hello');
    try {
      await other.page.getByText('你好，管理员！').waitFor({ timeout: 30_000 });
    } catch (error) {
      await snap(other.page, 'market-other-tab-after-update');
      throw new Error(
        `the addon's page did not show; loaded ${other.loaded.join(', ')}; the page says: ${(await other.page.locator('main, body').first().innerText()).slice(0, 500)}`,
        { cause: error },
      );
    }
    for (let i = 0; i < 100 && !other.loaded.includes('0.2.0'); i++) await other.page.waitForTimeout(200);
    assert.equal(other.loaded.at(-1), '0.2.0', other.loaded.join(', '));
    assert.equal(await stillNoReload(other.page), true, 'the other tab was reloaded');
    await other.context.close();
  });

  it('rolls back with one click, then uninstalls: the menu is gone', async () => {
    await details.reload();
    await details.getByTestId('market-action-rollback-0.1.0').click();
    await details.getByText('已回滚到 0.1.0').waitFor({ timeout: 30_000 });
    const registry = await api<{ name: string; version: string }[]>(server, token, '/user/admin/site/remotes');
    assert.equal(registry.find((r) => r.name === NAME)?.version, '0.1.0');

    // The details window is a console page: its own menu has the addon until the uninstall.
    await details.locator('aside').getByText('示例应用', { exact: true }).waitFor({ timeout: 30_000 });
    await details.getByTestId('market-action-uninstall').click();
    await details.getByTestId('market-action-uninstall-ok').click();
    await details.locator('aside').getByText('示例应用', { exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(
      (await api<{ name: string }[]>(server, token, '/user/admin/site/remotes')).some((r) => r.name === NAME),
      false,
    );

    await page.reload();
    await page.getByTestId('user-menu-name').waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('aside').getByText('示例应用', { exact: true }).count(), 0);
    await openDrawer();
    await card().getByTestId('market-install').waitFor({ timeout: 30_000 });
    await snap(page, 'market-uninstalled');
    await context.close();
  });
});
