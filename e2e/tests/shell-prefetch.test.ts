import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { newPage } from '../support/browser';
import { signInWithToken } from '../support/console';
import { apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

describe("shell: remotes are prefetched after sign-in and share the shell's federation runtime", () => {
  let server: RunningServer;
  let browser: Browser;
  withServerAndBrowser((s, b) => {
    server = s;
    browser = b;
  });

  it('a first click on a remote page fetches no manifest, entry or route code, only its data', async () => {
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server));
    const entries: string[] = [];
    page.on('requestfinished', (req) => {
      if (/\/remotes\/\w+\/[^/]+\/remoteEntry\.js$/.test(req.url())) entries.push(new URL(req.url()).pathname.split('/')[4]!);
    });
    await page.goto(server.url('/dashboard'));
    // On idle after the layout: the manifest and entry of every remote the menu leads to.
    await page.waitForFunction(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/remoteEntry.js')).length >= 5, undefined, {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    assert.deepEqual([...new Set(entries)].sort(), ['home', 'market', 'org', 'permission', 'tenant']);

    const afterClick: string[] = [];
    page.on('request', (req) => afterClick.push(new URL(req.url()).pathname));
    await page.locator('aside').getByText('组织管理', { exact: true }).first().click();
    await page.locator('aside').getByText('用户管理', { exact: true }).first().click();
    await page.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ timeout: 30_000 });
    assert.deepEqual(
      afterClick.filter((p) => /mf-manifest\.json$|remoteEntry\.js$|\/remotes\/org\/[^/]+\/static\/js\/(__federation_expose_routes|\d+)\./.test(p)),
      [],
      'no code round trip after the click',
    );
    // Its data was started ahead of the page (./prefetch) and the page took that answer: one request.
    assert.equal(afterClick.filter((p) => p.endsWith('/user/admin/member/list')).length, 1);
    // One federation runtime: the remotes run on the core the shell provides (no copy of their own).
    const runtime = await page.evaluate(() => {
      const g = globalThis as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string }; __FEDERATION__?: { __INSTANCES__?: { name: string }[] } };
      const instances = g.__FEDERATION__?.__INSTANCES__ ?? [];
      return {
        from: g._FEDERATION_RUNTIME_CORE_FROM?.name,
        instances: instances.map((i) => i.name).sort(),
        // A remote with its own copy of the runtime would build its instance from another class.
        classes: new Set(instances.map((i) => i.constructor)).size,
      };
    });
    // Each remote's container is named after its build (uc_org_<hash>): versions of one remote coexist.
    assert.deepEqual(
      { ...runtime, instances: runtime.instances.map((name) => name.replace(/_[0-9a-f]{11}$/, '_<build>')) },
      {
        from: 'shell',
        instances: ['shell', 'uc_home_<build>', 'uc_market_<build>', 'uc_org_<build>', 'uc_permission_<build>', 'uc_tenant_<build>'],
        classes: 1,
      },
    );
    await context.close();
  });
});
