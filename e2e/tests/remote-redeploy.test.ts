import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, repoRoot, startServer, type RunningServer } from '../support/server';

/*
 * Issues 15 and 27: a redeploy replaces a remote's version while tabs are open. Each build has its own
 * federation identity, the server keeps the versions it saw, and pushes the registry change to every
 * open tab: the next navigation into the remote renders the new version, without an error page and
 * without a reload, redeploy after redeploy, in every tab. When the push cannot arrive (the stream is
 * blocked), a version that answers 404 and the error page's retry still lead to the new one.
 *
 * The server gets a WEB_DIR of its own: every built app linked in, and the org remote deployed there as
 * one of four builds, swapped the way a deploy does (old dist removed, new one copied in). Builds B, C
 * and D differ from A (the one `pnpm build` made) in what a user reads: the user screen says 构建 B, C or D
 * above its table (a loader patches the org user screen's source for the build), on /org/user and on a
 * tenant's details page, whose users tab is that screen loaded from org at run time.
 */
const work = mkdtempSync(join(tmpdir(), 'uc-redeploy-'));
const webDir = join(work, 'web');
const orgDist = join(webDir, 'org', 'dist');
const buildA = join(repoRoot, 'apps', 'org', 'dist');
const labels = ['构建 B', '构建 C', '构建 D'];
const builds = labels.map((_, i) => join(work, `org-${'BCD'[i]}`));

const versionOf = (dist: string) => (JSON.parse(readFileSync(join(dist, 'uc-remote.json'), 'utf8')) as { version: string }).version;

/** Builds the org remote with `label` shown above the user list, into `out`. */
function buildLabelledOrg(label: string, out: string): void {
  const loader = join(work, 'label-loader.cjs');
  writeFileSync(
    loader,
    `module.exports = function (source) {
  const { label } = this.getOptions();
  const out = source.replace('<FilterBuilder', '<p data-testid="org-build">' + label + '</p><FilterBuilder');
  if (out === source) throw new Error('apps/org/src/features/user/user-list-page.tsx no longer renders <FilterBuilder above the user table: update e2e/tests/remote-redeploy.test.ts');
  return out;
};
`,
  );
  const config = join(work, `rspack.${out.slice(-1)}.mjs`);
  writeFileSync(
    config,
    `import base from ${JSON.stringify(pathToFileURL(join(repoRoot, 'apps/org/rspack.config.mjs')).href)};
export default (env, argv) => {
  const config = base(env, argv);
  const label = { test: /apps[\\\\/]org[\\\\/]src[\\\\/]features[\\\\/]user[\\\\/]user-list-page\\.tsx$/, enforce: 'pre', loader: ${JSON.stringify(loader)}, options: { label: ${JSON.stringify(label)} } };
  return { ...config, output: { ...config.output, path: ${JSON.stringify(out)} }, module: { ...config.module, rules: [...config.module.rules, label] } };
};
`,
  );
  execFileSync('pnpm', ['--filter', '@uc/org', 'exec', 'rspack', 'build', '--mode', 'production', '--config', config], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A deploy: the old version's files go, the new ones come. */
function deploy(build: string): string {
  rmSync(orgDist, { recursive: true, force: true });
  cpSync(build, orgDist, { recursive: true });
  return versionOf(orgDist);
}

describe('a remote redeployed while the console is open', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let versionA: string;
  let versions: string[];

  before(async () => {
    assert.ok(existsSync(join(buildA, 'uc-remote.json')), 'apps/org/dist is missing: run `pnpm build` first');
    labels.forEach((label, i) => buildLabelledOrg(label, builds[i]!));
    for (const app of readdirSync(join(repoRoot, 'apps'))) {
      const dist = join(repoRoot, 'apps', app, 'dist');
      if (app === 'org' || !existsSync(dist)) continue;
      mkdirSync(join(webDir, app), { recursive: true });
      symlinkSync(dist, join(webDir, app, 'dist'), 'dir');
    }
    versionA = deploy(buildA);
    versions = builds.map(versionOf);
    assert.equal(new Set([versionA, ...versions]).size, 4, 'four builds, four versions');
    server = await startServer({ WEB_DIR: webDir });
    browser = await launchBrowser();
    token = await apiLogin(server);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  /** Deploys a build and waits until the server registers it (it looks at WEB_DIR every second). */
  async function redeploy(build: string): Promise<string> {
    const version = deploy(build);
    for (let i = 0; ; i++) {
      const res = await fetch(`${server.origin}/user/admin/site/remotes`);
      const body = (await res.json()) as { data: { name: string; version: string }[] };
      if (body.data.find((r) => r.name === 'org')?.version === version) return version;
      assert.ok(i < 300, `the server did not pick up org ${version}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The org versions whose remoteEntry.js the page loaded. */
  function entriesLoaded(page: Page): string[] {
    const seen: string[] = [];
    page.on('response', (res: Response) => {
      const m = /\/remotes\/org\/([^/]+)\/remoteEntry\.js$/.exec(new URL(res.url()).pathname);
      if (m && res.ok()) seen.push(m[1]!);
    });
    return seen;
  }

  /** The org manifests the page asked for, as `version status`. */
  function manifestAnswers(page: Page): string[] {
    const seen: string[] = [];
    page.on('response', (res: Response) => {
      const m = /\/remotes\/org\/([^/]+)\/mf-manifest\.json$/.exec(new URL(res.url()).pathname);
      if (m) seen.push(`${m[1]} ${res.status()}`);
    });
    return seen;
  }

  /** What the page reports going wrong: uncaught errors and console errors (a federation runtime's complaints among them). */
  function problems(page: Page): string[] {
    const seen: string[] = [];
    page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || /already registered|reading 'call'/.test(message.text())) seen.push(`${message.type()}: ${message.text()}`);
    });
    return seen;
  }

  /** A marker set once the page has loaded: a reload would lose it. */
  const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __ucNoReload: boolean }).__ucNoReload = true));
  const stillNoReload = (page: Page) => page.evaluate(() => (window as unknown as { __ucNoReload?: boolean }).__ucNoReload === true);
  const userTable = (page: Page) => page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ timeout: 30_000 });
  const label = (page: Page) =>
    page
      .getByTestId('org-build')
      .textContent({ timeout: 1000 })
      .catch(() => null);
  /** The tab's side menu, as a user clicks it. */
  const click = (page: Page, entry: string) => page.locator('aside').getByText(entry, { exact: true }).first().click();
  /** Resolves when the tab has asked the registry again and been told `version` (the push's effect). */
  const hears = (page: Page, version: string) =>
    page.waitForResponse(
      async (res) => new URL(res.url()).pathname === '/user/admin/site/remotes' && res.ok() && (await res.text()).includes(`"version":"${version}"`),
      { timeout: 30_000 },
    );
  /** A tab whose registry would only be asked again on a timer after an hour: what changes in it was pushed. */
  async function openTabs(count: number): Promise<{ context: BrowserContext; tabs: Page[] }> {
    const { context, page } = await newPage(browser);
    await context.addInitScript(() => ((globalThis as { __UC_REGISTRY_MAX_AGE_MS__?: number }).__UC_REGISTRY_MAX_AGE_MS__ = 3_600_000));
    await signInWithToken(page, token);
    const tabs = [page];
    while (tabs.length < count) tabs.push(await context.newPage());
    return { context, tabs };
  }

  it('three redeploys in a row, with /org/user open in two tabs: each tab shows each build after its next navigation, without an error or a reload', async () => {
    await redeploy(buildA);
    const { context, tabs } = await openTabs(2);
    const loaded = tabs.map(entriesLoaded);
    const seen = tabs.map(problems);
    for (const tab of tabs) {
      await tab.goto(server.url('/org/user'));
      await userTable(tab);
      assert.equal(await label(tab), null, 'build A says nothing above the table');
      await markNoReload(tab);
    }

    let before: string | null = null;
    for (const [i, build] of builds.entries()) {
      const version = versions[i]!;
      const heard = tabs.map((tab) => hears(tab, version));
      await redeploy(build);
      await Promise.all(heard);
      for (const tab of tabs) {
        // The page on screen keeps the version it runs until the user navigates: nothing swapped under them.
        assert.equal(await label(tab), before);
        await click(tab, '部门管理');
        await tab.waitForURL('**/org/dept');
        await click(tab, '用户管理');
        await tab.waitForURL('**/org/user');
        await tab.getByTestId('org-build').filter({ hasText: labels[i]! }).waitFor({ timeout: 30_000 });
        await userTable(tab);
        assert.equal(await tab.getByText('模块加载失败').count(), 0);
        assert.equal(await stillNoReload(tab), true, 'the tab was reloaded');
      }
      before = labels[i]!;
    }
    await snap(tabs[1]!, 'org-redeployed-three-times');
    for (const [t, tab] of tabs.entries()) {
      assert.deepEqual(loaded[t], [versionA, ...versions], `tab ${t + 1} loaded each version once`);
      assert.deepEqual(seen[t], [], `tab ${t + 1}: ${seen[t]!.join('\n')}`);
      assert.equal(await stillNoReload(tab), true);
    }
    await context.close();
  });

  it("one deploy of org changes a tenant's details users tab too: that tab is org's screen, loaded from the version deployed", async () => {
    await redeploy(builds[1]!);
    const { context, tabs } = await openTabs(1);
    const page = tabs[0]!;
    const loaded = entriesLoaded(page);
    const seen = problems(page);
    const usersTab = async (build: string) => {
      await page.getByText('租户详情:').first().waitFor({ timeout: 30_000 });
      await page.getByRole('tab', { name: '用户' }).click();
      await page.getByTestId('org-build').filter({ hasText: build }).waitFor({ timeout: 30_000 });
      await userTable(page);
    };
    // The platform's own tenant (id 1): its users tab lists admin.
    await page.goto(server.url('/tenant/details/1'));
    await usersTab(labels[1]!);
    await markNoReload(page);

    const heard = hears(page, versions[2]!);
    await redeploy(builds[2]!);
    await heard;
    // The tab on screen keeps the build it shows; the next visit of the page shows the new one.
    assert.equal(await label(page), labels[1]);
    await page.getByRole('link', { name: '返回租户列表' }).click();
    await page.waitForURL('**/tenant/manage');
    await page.locator('a[href$="/tenant/details/1"]').first().click();
    await usersTab(labels[2]!);
    await snap(page, 'tenant-details-users-redeployed');
    // And /org/user, the same screen, from the same deploy.
    await click(page, '组织管理');
    await click(page, '用户管理');
    await page.waitForURL('**/org/user');
    await page.getByTestId('org-build').filter({ hasText: labels[2]! }).waitFor({ timeout: 30_000 });
    await userTable(page);

    assert.deepEqual(loaded, [versions[1], versions[2]]);
    assert.deepEqual(seen, [], seen.join('\n'));
    assert.equal(await page.getByText('模块加载失败').count(), 0);
    assert.equal(await stillNoReload(page), true, 'the page was reloaded');
    await context.close();
  });

  it('with the push stream blocked, a version that answers 404 is followed to the one the registry names now', async () => {
    const old = await redeploy(buildA);
    const { context, tabs } = await openTabs(1);
    const page = tabs[0]!;
    const loaded = entriesLoaded(page);
    const manifests = manifestAnswers(page);
    await page.route('**/admin/admin/notice/stream**', (route) => route.abort('connectionrefused'));
    // Org does not load in this tab before the redeploy (its prefetch fails), so its first visit asks for the old version.
    const blocked = '**/user/web/remotes/org/**';
    let tried!: () => void;
    const prefetchTried = new Promise<void>((resolve) => (tried = resolve));
    await page.route(blocked, (route) => {
      tried();
      return route.abort('connectionrefused');
    });
    await page.goto(server.url('/dashboard'));
    await page.locator('aside').getByText('组织管理').first().waitFor();
    await prefetchTried;
    await markNoReload(page);

    const now = await redeploy(builds[0]!);
    // The old version is kept for tabs that run it; gone from the kept copies too, it answers 404.
    rmSync(join(server.dataDir, 'remotes', 'org', old), { recursive: true, force: true });
    assert.equal((await fetch(`${server.origin}/user/web/remotes/org/${old}/mf-manifest.json`)).status, 404);
    await page.unroute(blocked);
    await click(page, '组织管理');
    await click(page, '用户管理');
    await page.getByTestId('org-build').filter({ hasText: labels[0]! }).waitFor({ timeout: 30_000 });
    await userTable(page);
    // The old version answered 404 (to the visit, and maybe to the prefetch's second try), and the
    // registry, asked again, led to the new one.
    assert.ok(manifests.includes(`${old} 404`), manifests.join(', '));
    assert.ok(!manifests.includes(`${old} 200`), manifests.join(', '));
    assert.equal(manifests.at(-1), `${now} 200`);
    assert.deepEqual(loaded, [now]);
    assert.equal(await stillNoReload(page), true, 'the page was reloaded');
    await context.close();
  });

  it("with the push stream blocked, the error page's retry loads the version deployed since the failure", async () => {
    await redeploy(builds[0]!);
    const { context, tabs } = await openTabs(1);
    const page = tabs[0]!;
    const loaded = entriesLoaded(page);
    await page.route('**/admin/admin/notice/stream**', (route) => route.abort('connectionrefused'));
    const blocked = '**/user/web/remotes/org/**';
    await page.route(blocked, (route) => route.abort('connectionrefused'));
    await page.goto(server.url('/org/user'));
    const retry = page.getByRole('button', { name: /重\s*试/ });
    await retry.waitFor({ timeout: 30_000 });
    await page.getByText('组织管理模块加载失败').waitFor();
    await markNoReload(page);

    const now = await redeploy(builds[1]!);
    await page.unroute(blocked);
    await retry.click();
    await page.getByTestId('org-build').filter({ hasText: labels[1]! }).waitFor({ timeout: 30_000 });
    await userTable(page);
    assert.deepEqual(loaded, [now]);
    assert.equal(await stillNoReload(page), true, 'the retry reloaded the page');
    await context.close();
  });

  it('a manifest that hangs ends in the error page, and the retry loads the remote once it answers', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    const hanging = '**/user/web/remotes/org/*/mf-manifest.json';
    // Never answered: the request hangs as it would behind a stuck proxy.
    await page.route(hanging, () => undefined);
    const started = Date.now();
    await page.goto(server.url('/org/user'));
    await page.getByText(/组织管理模块在 15 秒内没有响应/).waitFor({ timeout: 40_000 });
    const waited = Date.now() - started;
    assert.ok(waited >= 14_000 && waited < 40_000, `the error page came after ${waited} ms`);
    await snap(page, 'org-manifest-hangs');

    await page.unroute(hanging);
    await page.getByRole('button', { name: /重\s*试/ }).click();
    await userTable(page);
    await context.close();
  });
});
