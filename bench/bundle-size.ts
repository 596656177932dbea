/**
 * Prints the JavaScript a browser downloads on a cold load of the login page and of a signed-in page of each remote
 * (raw bytes and gzip bytes), measured in headless Chromium against the real built server.
 * Budget (DESIGN.md section 8): the login page at most 250 KB gzip, and no service worker precache while it is open.
 *
 * Then what each remote ships itself: a cold visit of one page of each remote, its scripts grouped by where they
 * come from (the shell, or /user/web/remotes/<name>/: the remote's remoteEntry.js and the chunks its page needs;
 * the shared libraries come from the shell). A tenant's details page with its users tab open shows what the
 * tenant remote loads of the org remote. WEB_DIR measures other builds (a folder of <app>/dist).
 *
 * Beside it, the same measure of the peer's login page (Ant Design Pro v6.0.3's /user/login, cold, as
 * bench/peer/adpro-server.mjs serves its build), skipped when $ADPRO_DIR/dist is missing (PEER=0 skips it too).
 *
 *   pnpm build && pnpm --filter @uc/bench bundle-size
 */
import { gzipSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, newPage } from '@uc/e2e/support/browser';
import { apiLogin, startServer } from '@uc/e2e/support/server';
import { peerMissing, startPeer } from './peer/adpro';

interface Measured {
  files: { url: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

async function measure(page: Page, go: () => Promise<void>): Promise<Measured> {
  const files: Measured['files'] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && !res.url().endsWith('.js')) return;
    pending.push(
      res
        .body()
        .then((body) => {
          files.push({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
        })
        .catch(() => undefined),
    );
  });
  await go();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function print(title: string, m: Measured) {
  console.log(`\n${title}: ${m.files.length} scripts, ${kb(m.raw)} raw, ${kb(m.gzip)} gzip`);
  for (const f of m.files) console.log(`  ${kb(f.gzip).padStart(10)} gzip  ${kb(f.raw).padStart(10)} raw  ${f.url}`);
}

const server = await startServer();
const browser = await launchBrowser();
let ourLogin: Measured | undefined;
try {
  {
    const { context, page } = await newPage(browser);
    // What the service worker fetches while the login page is open (its precache); it must be nothing.
    const fromWorker: Promise<number>[] = [];
    context.on('requestfinished', (req) => {
      if (req.serviceWorker())
        fromWorker.push(
          req.sizes().then(
            (s) => s.responseBodySize + s.responseHeadersSize,
            () => 0,
          ),
        );
    });
    const m = await measure(page, async () => {
      await page.goto(server.url('/user/login'));
      await page.locator('form').first().waitFor();
    });
    print('/user/web/user/login (cold)', m);
    console.log(`  budget 250 KB gzip: ${m.gzip <= 250 * 1024 ? 'within' : 'OVER'}`);
    ourLogin = m;
    // The worker, if one were registered, would start after the load event: give it time to.
    await page.waitForTimeout(3000);
    await page.waitForLoadState('networkidle');
    const workerBytes = (await Promise.all(fromWorker)).reduce((a, b) => a + b, 0);
    console.log(`  service worker requests while on the login page: ${fromWorker.length} (${kb(workerBytes)} transferred)`);
    await context.close();
  }
  // Signed-in pages of each remote, each loaded cold; `ready` is what shows once the page has its data.
  const token = await apiLogin(server);
  const signedIn: { path: string; ready: (page: Page) => Locator }[] = [
    { path: '/org/user', ready: (page) => page.getByRole('cell', { name: 'admin', exact: true }).first() },
    { path: '/tenant/invite', ready: (page) => page.locator('.ant-card-head-title', { hasText: '租户邀请' }) },
  ];
  for (const { path, ready } of signedIn) {
    const { context, page } = await newPage(browser);
    await context.addInitScript((t) => localStorage.setItem('ACCESS-TOKEN', t), token);
    const m = await measure(page, async () => {
      await page.goto(server.url(path));
      await ready(page).waitFor({ timeout: 30_000 });
    });
    print(`/user/web${path} (cold, signed in)`, m);
    await context.close();
  }
  // Each remote's own scripts, by the folder they come from, on a cold visit of one of its pages.
  const perRemote: { path: string; remote: string; also?: string[]; ready: (page: Page) => Locator; then?: (page: Page) => Promise<void> }[] = [
    { path: '/org/user', remote: 'org', ready: (page) => page.getByRole('cell', { name: 'admin', exact: true }).first() },
    { path: '/permission/role', remote: 'permission', ready: (page) => page.locator('.ant-table-row').first() },
    { path: '/tenant/manage', remote: 'tenant', ready: (page) => page.locator('.ant-table-row').first() },
    {
      path: '/tenant/details/1',
      remote: 'tenant',
      also: ['org', 'permission'],
      ready: (page) => page.getByRole('tab', { name: '用户' }),
      then: async (page) => {
        await page.getByRole('tab', { name: '用户' }).click();
        await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ timeout: 30_000 });
      },
    },
    { path: '/dashboard/workplace', remote: 'home', ready: (page) => page.locator('.ant-card').first() },
    { path: '/addons/market', remote: 'market', ready: (page) => page.locator('.ant-card').first() },
  ];
  const folderOf = (url: string) => /^\/user\/web\/remotes\/([^/]+)\//.exec(url)?.[1] ?? 'shell';
  console.log('\nEach remote on a cold visit of its page (scripts by folder; gzip, raw):');
  for (const { path, remote, also = [], ready, then } of perRemote) {
    const { context, page } = await newPage(browser);
    await context.addInitScript((t) => localStorage.setItem('ACCESS-TOKEN', t), token);
    // Only the page's own remote(s): the idle prefetch of the others is another measure.
    await context.route(
      (url) => /\/user\/web\/remotes\//.test(url.pathname) && ![remote, ...also].includes(folderOf(url.pathname)),
      (route) => route.abort('blockedbyclient'),
    );
    const m = await measure(page, async () => {
      await page.goto(server.url(path));
      await ready(page).waitFor({ timeout: 30_000 });
      await then?.(page);
    });
    const byFolder = new Map<string, { files: number; raw: number; gzip: number }>();
    for (const f of m.files) {
      const folder = folderOf(f.url);
      const sum = byFolder.get(folder) ?? { files: 0, raw: 0, gzip: 0 };
      byFolder.set(folder, { files: sum.files + 1, raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip });
    }
    const parts = [...byFolder].filter(([folder]) => folder !== 'shell');
    console.log(`  ${path} (${remote}):`);
    for (const [folder, sum] of parts)
      console.log(`    ${folder.padEnd(12)} ${kb(sum.gzip).padStart(10)} gzip  ${kb(sum.raw).padStart(10)} raw  ${sum.files} files`);
    await context.close();
  }
  // The peer's login page, cold, measured the same way (its requests to other hosts fail at once: no Internet here).
  const skipPeer = process.env.PEER === '0' ? 'PEER=0: the peer is skipped' : peerMissing();
  if (skipPeer) console.log(`\nAnt Design Pro login page: not measured. ${skipPeer}`);
  else {
    const peer = await startPeer();
    try {
      const { context, page } = await newPage(browser);
      await context.route(
        (url) => url.origin !== peer.origin,
        (route) => route.abort('internetdisconnected'),
      );
      const m = await measure(page, async () => {
        await page.goto(peer.url('/user/login'));
        await page.locator('form').first().waitFor({ timeout: 60_000 });
      });
      print('Ant Design Pro 6.0.3 /user/login (cold)', m);
      await context.close();
      if (ourLogin)
        console.log(`\nlogin page JS, gzip: ours ${kb(ourLogin.gzip)}, Ant Design Pro ${kb(m.gzip)} (${(m.gzip / ourLogin.gzip).toFixed(2)}× ours)`);
    } finally {
      await peer.stop();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
