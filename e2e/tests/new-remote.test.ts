import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, repoRoot, startServer, type RunningServer } from '../support/server';

/*
 * Issue 12: `pnpm new:remote NAME` makes a remote that builds, passes its tests and appears in the
 * running console after its build, with no other file edited. The test generates one into apps/,
 * and puts the workspace back as it was afterwards (the lockfile gains the new package meanwhile).
 */
const name = `gen${process.pid}`;
const app = join(repoRoot, 'apps', name);
const lockfile = join(repoRoot, 'pnpm-lock.yaml');
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('pnpm new:remote', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const lock = readFileSync(lockfile, 'utf8');
  const tracked = run('git', ['status', '--porcelain', '--untracked-files=all']);

  before(() => {
    run('pnpm', ['new:remote', name, '--title-zh', '生成', '--title-en', 'Generated']);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(app, { recursive: true, force: true });
    writeFileSync(lockfile, lock);
    run('pnpm', ['install', '--offline', '--no-frozen-lockfile']);
  });

  it('edits no file outside its folder but the lockfile', () => {
    const now = run('git', ['status', '--porcelain', '--untracked-files=all']);
    const added = now
      .split('\n')
      .filter((line) => line && !tracked.split('\n').includes(line))
      .map((line) => line.slice(3));
    assert.ok(added.length > 5, now);
    for (const file of added) assert.ok(file.startsWith(`apps/${name}/`) || file === 'pnpm-lock.yaml', `${file} was edited`);
  });

  it('builds, lints and passes its own tests', () => {
    run('pnpm', ['--filter', `@uc/${name}`, 'test']);
    run('pnpm', ['--filter', `@uc/${name}`, 'typecheck']);
    run('pnpm', ['exec', 'eslint', `apps/${name}`, '--max-warnings=0']);
    run('pnpm', ['exec', 'prettier', '--check', `apps/${name}`]);
    run('pnpm', ['--filter', `@uc/${name}`, 'build']);
    assert.ok(existsSync(join(app, 'dist', 'uc-remote.json')));
  });

  it('appears in the running console under its own menu, in the reader language', async () => {
    server = await startServer();
    browser = await launchBrowser();
    const { page } = await newPage(browser, 'en-US');
    await page.context().addInitScript(() => localStorage.setItem('umi_locale', 'en-US'));
    await signInWithToken(page, await apiLogin(server));
    await page.goto(server.url(`/${name}`));
    // The area address opens its first page, declared in the remote's package.json.
    await page.waitForURL(`**/${name}/hello`, { timeout: 30_000 });
    await page.getByText(/This is the first page of the Generated module/).waitFor({ timeout: 30_000 });
    await page.locator('.ant-menu').getByText('Generated', { exact: true }).first().waitFor();
    await page.locator('.ant-menu').getByText('Hello', { exact: true }).first().waitFor();
  });
});
