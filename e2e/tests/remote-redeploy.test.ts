import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, repoRoot, startServer, type RunningServer } from '../support/server';

/*
 * Issue 15: a redeploy replaces a remote's version (its old files removed) while tabs are open. An
 * open tab follows the registry to the new version without a reload: on its next navigation, when the
 * old version answers 404, and from the error page's retry. A manifest that hangs ends in the error page.
 *
 * The server gets a WEB_DIR of its own: every built app linked in, and the org remote deployed there
 * as one of two builds, swapped the way a deploy does (old dist removed, new one copied in).
 */
const work = mkdtempSync(join(tmpdir(), 'uc-redeploy-'));
const webDir = join(work, 'web');
const orgDist = join(webDir, 'org', 'dist');
/** Build A: the org remote as `pnpm build` made it. Build B: the same sources built again, marked. */
const buildA = join(repoRoot, 'apps', 'org', 'dist');
const buildB = join(work, 'org-b');
/** Build B's remoteEntry.js sets this: the page runs B's code. */
const MARK = '__ucOrgBuild';

const versionOf = (dist: string) => (JSON.parse(readFileSync(join(dist, 'uc-remote.json'), 'utf8')) as { version: string }).version;

function buildMarkedOrg(): void {
  const config = join(work, 'rspack.redeploy.mjs');
  writeFileSync(
    config,
    `import base from ${JSON.stringify(pathToFileURL(join(repoRoot, 'apps/org/rspack.config.mjs')).href)};
export default (env, argv) => {
  const config = base(env, argv);
  const mark = { apply: (compiler) => new compiler.webpack.BannerPlugin({ banner: 'globalThis.${MARK} = "b";', raw: true, test: /remoteEntry\\.js$/ }).apply(compiler) };
  return { ...config, output: { ...config.output, path: ${JSON.stringify(buildB)} }, plugins: [...config.plugins, mark] };
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
  let versionB: string;

  before(async () => {
    assert.ok(existsSync(join(buildA, 'uc-remote.json')), 'apps/org/dist is missing: run `pnpm build` first');
    buildMarkedOrg();
    for (const app of readdirSync(join(repoRoot, 'apps'))) {
      const dist = join(repoRoot, 'apps', app, 'dist');
      if (app === 'org' || !existsSync(dist)) continue;
      mkdirSync(join(webDir, app), { recursive: true });
      symlinkSync(dist, join(webDir, app, 'dist'), 'dir');
    }
    versionA = deploy(buildA);
    versionB = versionOf(buildB);
    assert.notEqual(versionA, versionB, 'the marked build is another version');
    server = await startServer({ WEB_DIR: webDir });
    browser = await launchBrowser();
    token = await apiLogin(server);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  /**
   * Deploys a build and waits until the server serves it (it rescans its builds at most every few
   * seconds). Each test starts by deploying its old version, so it also runs alone.
   */
  async function redeploy(build: string): Promise<string> {
    const version = deploy(build);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await fetch(`${server.origin}/user/admin/site/remotes`);
      const body = (await res.json()) as { data: { name: string; version: string }[] };
      if (body.data.find((r) => r.name === 'org')?.version === version) break;
      assert.ok(Date.now() < deadline, `the server did not pick up org ${version}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const gone = await fetch(`${server.origin}/user/web/remotes/org/${version === versionA ? versionB : versionA}/mf-manifest.json`);
    assert.equal(gone.status, 404, 'the old version is gone');
    return version;
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

  const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __ucNoReload: boolean }).__ucNoReload = true));
  const stillNoReload = (page: Page) => page.evaluate(() => (window as unknown as { __ucNoReload?: boolean }).__ucNoReload === true);
  const runsBuildB = (page: Page) => page.evaluate((mark) => (globalThis as Record<string, unknown>)[mark] === 'b', MARK);
  const userTable = (page: Page) => page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ timeout: 30_000 });

  it('a tab that loaded the old version opens the new one on its next navigation, without a reload', async () => {
    await redeploy(buildA);
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    const loaded = entriesLoaded(page);
    await page.goto(server.url('/org/user'));
    const openedAt = Date.now();
    await userTable(page);
    assert.deepEqual(loaded, [versionA]);
    await markNoReload(page);

    await redeploy(buildB);
    // The tab asks the registry again on a navigation once its copy is 30 s old (it read it just after the load).
    await page.waitForTimeout(Math.max(0, openedAt + 35_000 - Date.now()));
    await page.locator('aside').getByText('部门管理', { exact: true }).first().click();
    await page.waitForURL('**/org/dept');
    await page.waitForFunction((mark) => (globalThis as Record<string, unknown>)[mark] === 'b', MARK, { timeout: 30_000 });
    await page.getByPlaceholder('搜索部门名称、编码或负责人').waitFor({ timeout: 30_000 });
    assert.deepEqual(loaded, [versionA, versionB]);
    assert.equal(await page.getByText('组织管理模块加载失败').count(), 0);
    assert.equal(await stillNoReload(page), true, 'the page was reloaded');
    await snap(page, 'org-redeployed-after-navigation');
    await context.close();
  });

  it('a version that answers 404 is followed to the one the registry names now', async () => {
    await redeploy(buildB);
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    const loaded = entriesLoaded(page);
    const manifests = manifestAnswers(page);
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

    await redeploy(buildA);
    await page.unroute(blocked);
    await page.locator('aside').getByText('组织管理', { exact: true }).first().click();
    await page.locator('aside').getByText('用户管理', { exact: true }).first().click();
    await userTable(page);
    // The old version answered 404 (to the visit, and maybe to the prefetch's second try), and the
    // registry, asked again, led to the new one.
    assert.ok(manifests.includes(`${versionB} 404`), manifests.join(', '));
    assert.ok(!manifests.includes(`${versionB} 200`), manifests.join(', '));
    assert.equal(manifests.at(-1), `${versionA} 200`);
    assert.deepEqual(loaded, [versionA]);
    assert.equal(await runsBuildB(page), false);
    assert.equal(await stillNoReload(page), true, 'the page was reloaded');
    await context.close();
  });

  it("the error page's retry loads the version deployed since the failure", async () => {
    await redeploy(buildA);
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    const loaded = entriesLoaded(page);
    const blocked = '**/user/web/remotes/org/**';
    await page.route(blocked, (route) => route.abort('connectionrefused'));
    await page.goto(server.url('/org/user'));
    const retry = page.getByRole('button', { name: /重\s*试/ });
    await retry.waitFor({ timeout: 30_000 });
    await page.getByText('组织管理模块加载失败').waitFor();
    await markNoReload(page);

    await redeploy(buildB);
    await page.unroute(blocked);
    await retry.click();
    await userTable(page);
    assert.deepEqual(loaded, [versionB]);
    assert.equal(await runsBuildB(page), true);
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
