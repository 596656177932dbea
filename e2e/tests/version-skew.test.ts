import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, repoRoot, startServer, type RunningServer } from '../support/server';

/*
 * Issue 27, point 4: version skew is decided, not accidental. The org remote is rebuilt the way a team
 * with newer packages (or a newer kit) would build it, and deployed beside the console's shell, which
 * stays as `pnpm build` made it:
 *
 * - against a newer minor of the stateless packages (@uc/contracts, @uc/ui: shared by version): the
 *   registry lets it through, its page works, and it runs its own copies of those two (the shell's do
 *   not satisfy it) beside the shell's single copy of every strict singleton;
 * - against a new major of @uc/client (a strict singleton), made with a kit whose console versions say
 *   so: the registry refuses it (GET /user/admin/site/remotes names the library, both versions and what
 *   to do) and its page says so in the reader's language, without loading any of its code.
 *
 * A build "against" a version is the org app copied to a temporary folder whose node_modules link every
 * package to the workspace's, except the ones raised: a copy of their package.json with the new version
 * (the code stays the workspace's: what matters to the federation runtime and the registry is the
 * version the build declares and records).
 */
const work = mkdtempSync(join(tmpdir(), 'uc-skew-'));
const webDir = join(work, 'web');
const orgApp = join(repoRoot, 'apps', 'org');

const versionOf = (pkg: string): string => (JSON.parse(readFileSync(join(repoRoot, 'packages', pkg, 'package.json'), 'utf8')) as { version: string }).version;
const [major, minor] = versionOf('client').split('.').map(Number) as [number, number];
const consoleClient = versionOf('client');
const newerMinor = (pkg: string) => {
  const [a, b] = versionOf(pkg).split('.').map(Number) as [number, number];
  return `${a}.${b + 1}.0`;
};
const newMajor = `${major + 1}.0.0`;
void minor;

/** A package folder that is the workspace's, but says `version`: its package.json copied, everything else linked. */
function raisedCopy(real: string, at: string, version: string, copyAll = false): void {
  mkdirSync(at, { recursive: true });
  for (const entry of readdirSync(real)) {
    if (entry === 'package.json') continue;
    // A copied kit is no monorepo kit: without build.mjs it takes dist/ as published.
    if (copyAll && entry === 'build.mjs') continue;
    if (copyAll && entry !== 'node_modules') cpSync(join(real, entry), join(at, entry), { recursive: true });
    else symlinkSync(join(real, entry), join(at, entry));
  }
  const manifest = JSON.parse(readFileSync(join(real, 'package.json'), 'utf8')) as { version: string };
  writeFileSync(join(at, 'package.json'), JSON.stringify({ ...manifest, version }, null, 2));
}

/**
 * Builds org into `<work>/<name>/dist` with the packages of `raise` at the given versions. `kit` changes
 * the console versions the kit ships (console-versions.json), as a newer kit would.
 */
function buildOrg(
  name: string,
  raise: Record<string, string>,
  kit?: (versions: { shared: Record<string, string>; packages: Record<string, string> }) => void,
): string {
  const app = join(work, name);
  mkdirSync(app, { recursive: true });
  for (const entry of ['package.json', 'rspack.config.mjs', 'src']) cpSync(join(orgApp, entry), join(app, entry), { recursive: true });
  const modules = join(app, 'node_modules');
  for (const entry of readdirSync(join(orgApp, 'node_modules'))) {
    if (entry === '.bin') continue;
    const from = join(orgApp, 'node_modules', entry);
    if (!entry.startsWith('@')) {
      mkdirSync(modules, { recursive: true });
      symlinkSync(realpathSync(from), join(modules, entry));
      continue;
    }
    for (const scoped of readdirSync(from)) {
      const id = `${entry}/${scoped}`;
      const real = realpathSync(join(from, scoped));
      const at = join(modules, entry, scoped);
      mkdirSync(join(modules, entry), { recursive: true });
      if (id === '@uc/addon-kit' && kit) {
        // A newer kit: its own folder (the kit reads dist/ next to its src/), with other console versions.
        raisedCopy(real, at, JSON.parse(readFileSync(join(real, 'package.json'), 'utf8')).version, true);
        const file = join(at, 'dist', 'console-versions.json');
        const versions = JSON.parse(readFileSync(file, 'utf8'));
        kit(versions);
        writeFileSync(file, JSON.stringify(versions, null, 2));
      } else if (raise[id]) raisedCopy(real, at, raise[id]!);
      else symlinkSync(real, at);
    }
  }
  execFileSync('pnpm', ['--filter', '@uc/org', 'exec', 'rspack', 'build', '--mode', 'production', '--config', join(app, 'rspack.config.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return join(app, 'dist');
}

const remoteVersion = (dist: string) => (JSON.parse(readFileSync(join(dist, 'uc-remote.json'), 'utf8')) as { version: string }).version;

interface Registered {
  name: string;
  version: string;
  refused: { library: string; required: string; console: string; message: string }[];
}

describe('version skew between the shell and a remote', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let compatible: string;
  let incompatible: string;

  before(async () => {
    assert.ok(existsSync(join(repoRoot, 'apps', 'shell', 'dist', 'shared-versions.json')), 'apps/shell/dist is missing or old: run `pnpm build` first');
    // The kit's dist/ (console versions, bundled contract) is fresh before it is copied.
    execFileSync('node', [join(repoRoot, 'packages', 'addon-kit', 'build.mjs')], { stdio: 'ignore' });
    compatible = buildOrg('org-minor', { '@uc/contracts': newerMinor('contracts'), '@uc/ui': newerMinor('ui') });
    incompatible = buildOrg('org-major', { '@uc/client': newMajor }, (v) => {
      v.shared['@uc/client'] = newMajor;
      v.packages['@uc/client'] = newMajor;
    });
    for (const app of readdirSync(join(repoRoot, 'apps'))) {
      const dist = join(repoRoot, 'apps', app, 'dist');
      if (app === 'org' || !existsSync(dist)) continue;
      mkdirSync(join(webDir, app), { recursive: true });
      symlinkSync(dist, join(webDir, app, 'dist'), 'dir');
    }
    deploy(compatible);
    server = await startServer({ WEB_DIR: webDir });
    browser = await launchBrowser();
    token = await apiLogin(server);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  function deploy(dist: string): void {
    const orgDist = join(webDir, 'org', 'dist');
    rmSync(orgDist, { recursive: true, force: true });
    mkdirSync(join(webDir, 'org'), { recursive: true });
    cpSync(dist, orgDist, { recursive: true });
  }

  /** The registry's org entry once it is the version of `dist` (the server looks at WEB_DIR every second). */
  async function registered(dist: string, language = 'en-US'): Promise<Registered> {
    const version = remoteVersion(dist);
    for (let i = 0; ; i++) {
      const res = await fetch(`${server.origin}/user/admin/site/remotes`, { headers: { 'accept-language': language } });
      const org = ((await res.json()) as { data: Registered[] }).data.find((r) => r.name === 'org');
      if (org?.version === version) return org;
      assert.ok(i < 300, `the server did not pick up org ${version}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The scripts the page fetched from org's version folder: how many bytes (gzip) it ships itself. */
  function orgScripts(page: Page, version: string): { count: number; gzip: number } {
    const seen = { count: 0, gzip: 0 };
    page.on('response', async (res) => {
      if (!new URL(res.url()).pathname.startsWith(`/user/web/remotes/org/${version}/`) || !res.url().endsWith('.js')) return;
      const body = await res.body().catch(() => undefined);
      if (!body) return;
      seen.count += 1;
      seen.gzip += gzipSync(body).length;
    });
    return seen;
  }

  /** The versions of `library` the federation runtime has loaded in the page, with the container that provided each. */
  const loadedCopies = (page: Page, library: string) =>
    page.evaluate((name) => {
      type Shared = { from?: string; loaded?: boolean; lib?: unknown };
      const share =
        (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Shared>>>> } }).__FEDERATION__?.__SHARE__ ??
        {};
      const out = new Set<string>();
      for (const scopes of Object.values(share))
        for (const scope of Object.values(scopes))
          for (const [version, shared] of Object.entries(scope[name] ?? {}))
            if (shared.loaded || typeof shared.lib === 'function') out.add(`${version} ${shared.from}`);
      return [...out].sort();
    }, library);

  /** Org's own scripts (gzip) on a cold visit of /org/user with the deployed build: what it ships itself. */
  async function shipped(dist: string): Promise<{ count: number; gzip: number }> {
    const version = (await registered(dist)).version;
    const { context, page } = await newPage(browser);
    // Only org's scripts count, and only what /org/user needs: the idle prefetch of the other remotes is blocked.
    await page.route(/\/user\/web\/remotes\/(?!org\/)/, (route) => route.abort());
    const scripts = orgScripts(page, version);
    await signInWithToken(page, token);
    await page.goto(server.url('/org/user'));
    await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await context.close();
    return scripts;
  }

  it("what org ships itself on /org/user: with the console's copies of @uc/contracts and @uc/ui, and with its own", async () => {
    deploy(join(repoRoot, 'apps', 'org', 'dist'));
    const same = await shipped(join(repoRoot, 'apps', 'org', 'dist'));
    deploy(compatible);
    const own = await shipped(compatible);
    console.log(
      `  org on /org/user, its own scripts (gzip): ${(same.gzip / 1024).toFixed(1)} KB in ${same.count} with the console's @uc/contracts and @uc/ui; ` +
        `${(own.gzip / 1024).toFixed(1)} KB in ${own.count} with its own (built against newer minors)`,
    );
    assert.ok(own.gzip > same.gzip, 'its own copies come from its own folder');
  });

  it('a remote built against newer minors of @uc/contracts and @uc/ui works beside the older shell, with its own copies of those two', async () => {
    const org = await registered(compatible);
    assert.deepEqual(org.refused, []);
    const { context, page } = await newPage(browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => /Federation Runtime|does not satisfy/.test(message.text()) && errors.push(message.text()));
    await signInWithToken(page, token);
    await page.goto(server.url('/org/user'));
    await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ timeout: 30_000 });
    assert.equal(await page.getByText('模块加载失败').count(), 0);
    assert.equal(await page.getByTestId('remote-refused').count(), 0);
    // Two copies of the contracts, each where it belongs: the shell's, and org's newer one.
    const contracts = await loadedCopies(page, '@uc/contracts');
    assert.ok(
      contracts.some((c) => c.startsWith(`${versionOf('contracts')} `)),
      `the shell's contracts: ${contracts.join(', ')}`,
    );
    assert.ok(
      contracts.some((c) => c.startsWith(`${newerMinor('contracts')} uc_org_`)),
      `org's own contracts: ${contracts.join(', ')}`,
    );
    // One copy of every strict singleton: the shell's.
    for (const library of ['react', 'react-dom', 'antd', '@uc/client', 'zustand']) {
      const copies = await loadedCopies(page, library);
      assert.equal(copies.length, 1, `${library}: ${copies.join(', ')}`);
      assert.match(copies[0]!, / shell$/, `${library} comes from the shell`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a remote built against a new major of @uc/client is refused, in the registry and on its page, and none of its code is loaded', async () => {
    deploy(incompatible);
    const org = await registered(incompatible);
    assert.equal(remoteVersion(incompatible), org.version);
    assert.deepEqual(
      org.refused.map(({ library, required, console }) => ({ library, required, console })),
      [{ library: '@uc/client', required: `^${newMajor}`, console: consoleClient }],
    );
    assert.match(
      org.refused[0]!.message,
      new RegExp(
        `was built against @uc/client \\^${newMajor.replace(/\./g, '\\.')}, but the console runs @uc/client ${consoleClient.replace(/\./g, '\\.')}: the console does not load it`,
      ),
    );
    const zh = await registered(incompatible, 'zh-CN');
    assert.match(zh.refused[0]!.message, /控制台不会加载它/);

    const { context, page } = await newPage(browser);
    const fetched: string[] = [];
    page.on('request', (req) => new URL(req.url()).pathname.startsWith(`/user/web/remotes/org/${org.version}/`) && fetched.push(req.url()));
    await signInWithToken(page, token);
    await page.goto(server.url('/org/user'));
    const refused = page.getByTestId('remote-refused');
    await refused.waitFor({ timeout: 30_000 });
    await refused.getByText('组织管理模块与当前控制台的版本不兼容，无法打开').waitFor();
    await refused.getByText(`@uc/client：控制台提供的是 ${consoleClient}，该模块需要 ^${newMajor}`).waitFor();
    assert.match((await refused.textContent()) ?? '', /请联系管理员：按控制台的版本（@uc\/client [^）]+）重新构建并部署组织管理模块/);
    await snap(page, 'version-skew-refused');
    assert.deepEqual(fetched, [], 'nothing of the refused version is fetched');
    // The rest of the console keeps working.
    await page.locator('aside').getByText('部门管理', { exact: true }).first().click();
    await page.waitForURL('**/org/dept');
    await refused.waitFor();
    await context.close();
  });
});
