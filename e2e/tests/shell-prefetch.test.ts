import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { newPage } from '../support/browser';
import { signInWithToken } from '../support/console';
import { api, apiLogin, type RunningServer } from '../support/server';
import { withServerAndBrowser } from '../support/suite';

interface MenuItem {
  id: number;
  path: string;
  children: MenuItem[];
}
const menuIds = (list: MenuItem[], paths: string[]): number[] =>
  list.flatMap((m) => [...(paths.includes(m.path) ? [m.id] : []), ...menuIds(m.children, paths)]);

/** The remote of a request for remote code (manifest, entry or chunk), or undefined. */
const remoteOf = (url: string) => /\/remotes\/([\w-]+)\/[^/]+\//.exec(new URL(url).pathname)?.[1];

/** Resolves once the console has settled: its prefetches are done, so its service worker registers and starts. */
const settled = (page: import('playwright-core').Page) => page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

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
    // Every start and end of a request for remote code, in the order they happened.
    const events: { remote: string; kind: 'start' | 'end' }[] = [];
    page.on('request', (req) => {
      const remote = remoteOf(req.url());
      if (remote) events.push({ remote, kind: 'start' });
    });
    page.on('requestfinished', (req) => {
      if (/\/remotes\/\w+\/[^/]+\/remoteEntry\.js$/.test(req.url())) entries.push(new URL(req.url()).pathname.split('/')[4]!);
      const remote = remoteOf(req.url());
      if (remote) events.push({ remote, kind: 'end' });
    });
    await page.goto(server.url('/dashboard'));
    // On idle after the layout: the manifest and entry of every remote the menu leads to.
    await page.waitForFunction(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/remoteEntry.js')).length >= 5, undefined, {
      timeout: 30_000,
    });
    await page.waitForLoadState('networkidle');
    assert.deepEqual([...new Set(entries)].sort(), ['home', 'market', 'org', 'permission', 'tenant']);
    // One at a time: the page's own remote (home) first, then each prefetched remote's requests all end
    // before the next remote's begin.
    const spans = [...new Set(events.map((e) => e.remote))].map((remote) => ({
      remote,
      first: events.findIndex((e) => e.remote === remote),
      last: events.findLastIndex((e) => e.remote === remote),
    }));
    assert.equal(spans[0]?.remote, 'home', 'the page of the address loads first');
    for (let i = 1; i < spans.length; i++) {
      assert.ok(spans[i - 1]!.last < spans[i]!.first, `${spans[i]!.remote} was fetched while ${spans[i - 1]!.remote} still was: ${JSON.stringify(events)}`);
    }

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
  it('a user whose menu lacks a remote never fetches it: only the remotes of their menu are prefetched', { timeout: 180_000 }, async () => {
    const admin = await apiLogin(server);
    const menu = await api<{ list: MenuItem[] }>(server, admin, '/user/admin/role/antd/menu');
    const role = await api<{ id: number }>(server, admin, '/user/admin/role/edit', { name: 'Prefetch viewer', key: 'prefetch_viewer' });
    // The dashboard (the home remote, where a sign-in lands) and the users page (org): no permission, tenant or market page.
    const ids = menuIds(menu.list, ['/dashboard', '/dashboard/workplace', '/org', '/org/user']);
    assert.equal(ids.length, 4);
    await api(server, admin, '/user/admin/role/menus', { id: role.id, menuIds: ids });
    await api(server, admin, '/user/admin/member/edit', {
      username: 'petra',
      realName: 'Petra Prefetch',
      mobile: '13800000041',
      password: 'petra-password-1',
      roleIds: [role.id],
    });
    const { context, page } = await newPage(browser);
    await signInWithToken(page, await apiLogin(server, 'petra', 'petra-password-1'));
    const fetched = new Set<string>();
    page.on('request', (req) => {
      const remote = remoteOf(req.url());
      if (remote) fetched.add(remote);
    });
    await page.goto(server.url('/dashboard'));
    await page.locator('aside').getByText('组织管理', { exact: true }).first().waitFor({ timeout: 30_000 });
    await settled(page);
    await page.waitForLoadState('networkidle');
    assert.deepEqual([...fetched].sort(), ['home', 'org'], 'the remotes of the menu, and no other');
    await context.close();
  });
});
