import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, snap } from '../support/browser';
import { signInWithToken } from '../support/console';
import { startRegistry, type TestRegistry } from '../support/registry';
import { api, apiLogin, repoRoot, startServer, type RunningServer } from '../support/server';

/*
 * Issue 27, point 5, as an outside author gets the kit: the console's packages and the kit are
 * published to a real npm registry (Verdaccio, started here), and the commands of docs/addons.md
 * ("Making one") are run exactly as written, in a folder outside this workspace, with `--registry`
 * where the document says to add it: scaffold, install, test, typecheck, build, pack. The scaffold
 * downloads no build tool (no rspack in what pnpm fetched for it); a build granting one of the
 * console's addresses is refused. Then the packed addon is installed from the console's market in
 * Chromium, and its users page lists the console's users through the typed client.
 */

/** What is published, each before what needs it. */
const PACKAGES = ['contracts', 'client', 'ui', 'testing', 'addon-kit', 'create-addon'];
const DOC = join(repoRoot, 'docs', 'addons.md');
/** The sentence of the document that says where --registry goes; the test adds it there and nowhere else. */
const REGISTRY_RULE = 'add `--registry <url>` after `pnpm create` and after `pnpm install`';
const WITH_REGISTRY = ['pnpm create', 'pnpm install'];

/** The author's commands: the shell block that follows the document's marker, one command a line. */
function documentedCommands(): string[] {
  const text = readFileSync(DOC, 'utf8');
  const marker = text.indexOf('<!-- The author flow: e2e/tests/addon-author.test.ts');
  assert.ok(marker >= 0, 'docs/addons.md has lost the marker of the author flow');
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(marker));
  assert.ok(block, 'no ```sh block after the marker');
  assert.ok(text.replace(/\s+/g, ' ').includes(REGISTRY_RULE), `docs/addons.md no longer says to ${REGISTRY_RULE}`);
  return block[1]!
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** The command as the document writes it, with `--registry <url>` where the document says to add it. */
const withRegistry = (command: string, url: string) => {
  const at = WITH_REGISTRY.find((prefix) => command === prefix || command.startsWith(`${prefix} `));
  return at ? `${at} --registry ${url}${command.slice(at.length)}` : command;
};

/**
 * An author's shell: without what a parent pnpm run (pnpm test) passes down to its children as
 * npm_config_* (this workspace's settings) and without CI (pnpm would insist on a lockfile the author
 * has not made yet). The pnpm cache (where `pnpm create` installs what it runs, and the registry's
 * metadata) is a new folder, so what it holds is what these commands downloaded; the store, where
 * packages' files are kept, is the usual one, so an install fetches from the registry only what is new.
 */
function authorEnv(cache: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm|pnpm)_config_/i.test(key) || /proxy|cafile|strict_ssl|store_dir/i.test(key)),
  );
  delete env.CI;
  delete env.INIT_CWD;
  return { ...env, XDG_CACHE_HOME: cache };
}

interface Ran {
  command: string;
  seconds: number;
  output: string;
}

/** Runs one line of the document with sh in `cwd`; a failure fails the test with the line's output. */
function sh(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  const started = Date.now();
  return new Promise((done, fail) =>
    execFile('sh', ['-c', command], { cwd, env, maxBuffer: 64 * 1024 * 1024, timeout: 300_000 }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`;
      if (error) fail(new Error(`\`${command}\` failed in ${cwd} (${error.message}):\n${output.slice(-6000)}`));
      else done({ command, seconds: (Date.now() - started) / 1000, output });
    }),
  );
}

/** Every folder below `dir` (not following links) whose name says it is of rspack. */
function rspackIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory() && /^@rspack(\+|$)|rspack\+binding/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('an outside author gets the kit from a registry and makes an addon with the documented commands', () => {
  const work = mkdtempSync(join(tmpdir(), 'uc-author-'));
  const cache = join(work, 'pnpm-cache');
  const authorDir = join(work, 'author');
  mkdirSync(authorDir);
  let registry: TestRegistry;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const ran: Ran[] = [];
  let addonDir = authorDir;

  before(async () => {
    registry = await startRegistry();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await registry?.stop();
    rmSync(work, { recursive: true, force: true });
    console.log(ran.map((r) => `  ${r.seconds.toFixed(1).padStart(6)} s  ${r.command}`).join('\n'));
  });

  it('publishes the console packages and the kit, with plain versions in their manifests and no dependency of the scaffold', async () => {
    // In the order docs/addons.md ("Publishing them") gives.
    const loop = /for p in ([a-z -]+); do \(cd packages\/\$p && pnpm publish --registry <url> --no-git-checks\); done/.exec(readFileSync(DOC, 'utf8'));
    assert.deepEqual(loop?.[1]?.split(' '), PACKAGES, 'docs/addons.md publishes other packages, or in another order');
    for (const dir of PACKAGES) {
      const published = await sh(`pnpm publish --registry ${registry.url} --no-git-checks`, join(repoRoot, 'packages', dir), process.env);
      ran.push({ ...published, command: `(packages/${dir}) ${published.command}` });
    }
    for (const dir of PACKAGES) {
      const { name, version } = JSON.parse(readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8')) as { name: string; version: string };
      const published = (await registry.packument(name))?.versions[version];
      assert.ok(published, `${name}@${version} is not on the registry`);
      for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies']) {
        for (const [dep, spec] of Object.entries((published[field] ?? {}) as Record<string, string>)) {
          assert.doesNotMatch(spec, /^(workspace|catalog):/, `${name} publishes ${field}.${dep}: ${spec}`);
        }
      }
    }
    const scaffold = (await registry.packument('@uc/create-addon'))!.versions[
      (JSON.parse(readFileSync(join(repoRoot, 'packages/create-addon/package.json'), 'utf8')) as { version: string }).version
    ]!;
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) assert.equal(scaffold[field], undefined, `@uc/create-addon has ${field}`);
  });

  it('runs the commands of docs/addons.md as written: the scaffold downloads no rspack; install, test, typecheck, build and pack succeed', async () => {
    const commands = documentedCommands();
    assert.match(commands[0]!, /^pnpm create @uc\/addon /);
    assert.ok(commands.includes('pnpm install') && commands.includes('pnpm pack'), commands.join('\n'));
    const env = authorEnv(cache);
    let cwd = authorDir;
    for (const [i, command] of commands.entries()) {
      const cd = /^cd (\S+)$/.exec(command);
      if (cd) {
        cwd = resolve(cwd, cd[1]!);
        continue;
      }
      ran.push(await sh(withRegistry(command, registry.url), cwd, env));
      if (i === 0) {
        // What pnpm fetched to run the scaffold (its dlx folder, in the new cache): @uc/create-addon alone, no rspack.
        assert.deepEqual(rspackIn(cache), [], 'pnpm create downloaded rspack');
        // (With the scaffold in @uc/addon-kit, which has rspack as a peer, this held @rspack+binding@… and a dozen more.)
        const installed = readdirSync(join(cache, 'pnpm', 'dlx'), { recursive: true, withFileTypes: true })
          .filter((e) => e.isDirectory() && e.parentPath.endsWith(join('node_modules', '.pnpm')) && e.name !== 'node_modules')
          .map((e) => e.name);
        assert.deepEqual(
          installed.map((n) => n.replace(/@[^@]*$/, '')),
          ['@uc+create-addon'],
          `pnpm create installed more than the scaffold: ${installed.join(', ')}`,
        );
      }
    }
    addonDir = cwd;
    const pkg = JSON.parse(readFileSync(join(addonDir, 'package.json'), 'utf8')) as { name: string; version: string };
    assert.equal(pkg.name, 'hello-world');
    assert.ok(existsSync(join(addonDir, `${pkg.name}-${pkg.version}.tgz`)), readdirSync(addonDir).join(', '));
    // The first install brought the build tools: the kit, and rspack with it.
    assert.ok(existsSync(join(addonDir, 'node_modules', '@uc', 'addon-kit', 'package.json')));
    assert.ok(existsSync(join(addonDir, 'node_modules', '@rspack', 'core', 'package.json')));
  });

  it("refuses at build time to grant an API address of the console, as the console would at install, saying what a page's permissions may be", async () => {
    const file = join(addonDir, 'package.json');
    const original = readFileSync(file, 'utf8');
    const pkg = JSON.parse(original) as { ucAddon: { pages: { path: string; permissions?: string[] }[] } };
    pkg.ucAddon.pages.find((p) => p.path.endsWith('/users'))!.permissions = ['/user/admin/member/list'];
    writeFileSync(file, JSON.stringify(pkg, null, 2));
    try {
      await assert.rejects(sh('pnpm build', addonDir, authorEnv(cache)), (error: Error) => {
        assert.match(error.message, /hello-world takes what belongs to the console, which would refuse to install it/);
        assert.match(error.message, /"ucAddon"\.pages\[1\]\.permissions\[0\]: \/user\/admin\/member\/list is an API address of the console itself/);
        assert.match(error.message, /List here only the addon's own API addresses/);
        return true;
      });
    } finally {
      writeFileSync(file, original);
    }
  });

  it('is installed from the market, and its users page lists the console users through the typed client', async () => {
    const { name, version } = JSON.parse(readFileSync(join(addonDir, 'package.json'), 'utf8')) as { name: string; version: string };
    const market = join(work, 'market');
    mkdirSync(market);
    copyFileSync(join(addonDir, `${name}-${version}.tgz`), join(market, `${name}-${version}.tgz`));
    server = await startServer({ MARKET_DIR: market });
    const token = await apiLogin(server);
    for (const [username, realName, mobile] of [
      ['ada', 'Ada Lovelace', '13800000071'],
      ['grace', 'Grace Hopper', '13800000072'],
    ]) {
      await api(server, token, '/user/admin/member/edit', { username, realName, mobile, password: `${username}-password-1` });
    }
    browser = await launchBrowser();
    const { context, page } = await newPage(browser);
    await signInWithToken(page, token);
    await page.goto(server.url('/dashboard'));
    await page.getByTestId('app-drawer-button').click();
    const card = page.getByTestId(`market-card-${name}`);
    await card.waitFor({ timeout: 30_000 });
    const [details] = await Promise.all([context.waitForEvent('page'), card.getByTestId('market-install').click()]);
    await details.getByTestId('market-action-install').click();
    await details.getByTestId('market-job-status').filter({ hasText: '已安装' }).waitFor({ timeout: 60_000 });
    await details.close();
    await page.keyboard.press('Escape');

    // From its menu, pushed to the open tab: the addon's directory (its title), then its users page.
    await page.locator('aside').getByText('问候', { exact: true }).click();
    await page.locator('aside').getByText('用户', { exact: true }).click();
    await page.waitForURL(`**/${name}/users`);
    const table = page.locator('.ant-table-tbody');
    for (const who of ['admin', 'ada', 'Ada Lovelace', 'grace', 'Grace Hopper']) await table.getByText(who, { exact: true }).waitFor({ timeout: 30_000 });
    assert.equal(await table.locator('tr.ant-table-row').count(), 3);
    assert.equal(await page.getByText('共 3 条').count(), 1);
    await snap(page, 'addon-author-users');
  });
});
