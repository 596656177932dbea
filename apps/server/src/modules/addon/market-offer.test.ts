import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InstallStatus, type AppCard, type AppDetails } from '@uc/contracts';
import { loadConfig, type MarketConfig } from '../../config';
import { EXAMPLES_SUBDIR } from '../../config/market';
import { serverRoot } from '../../lib/server-root';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { upsertRemote } from '../remote/remote.repository';
import { addonPackage, testManifest } from './addon.fixtures';
import { builtInVersionId } from './built-in-cards';
import { MarketCatalogue } from './market-catalogue';

/*
 * Issue 28, point 6: a new console's market is never empty. It lists the console's own areas (the
 * remotes built with it) as installed cards, and it offers the example addon the server build ships
 * (dist/market, MARKET_EXAMPLES) after whatever the operator offers.
 */

const root = mkdtempSync(join(tmpdir(), 'uc-market-offer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const marketConfig = (over: Partial<MarketConfig>): MarketConfig => ({
  dir: join(root, 'none'),
  catalogueUrls: [],
  examplesDir: undefined,
  addonsDir: join(root, 'addons'),
  fetchTimeoutMs: 3000,
  packageMaxBytes: 50 * 1024 * 1024,
  unpackedMaxBytes: 200 * 1024 * 1024,
  catalogueTtlMs: 0,
  ...over,
});

describe('the examples the server ships', () => {
  it('are read from apps/server/dist/market unless MARKET_EXAMPLES is false', () => {
    expect(loadConfig({}, '/x').market.examplesDir).toBe(join(serverRoot(), EXAMPLES_SUBDIR));
    expect(loadConfig({ MARKET_EXAMPLES: 'false' }, '/x').market.examplesDir).toBeUndefined();
    expect(loadConfig({ MARKET_EXAMPLES: 'off' }, '/x').market.examplesDir).toBeUndefined();
    expect(() => loadConfig({ MARKET_EXAMPLES: 'sometimes' }, '/x')).toThrow(
      'MARKET_EXAMPLES is not a switch: set it to true or false or unset it to use true',
    );
  });

  it('are offered with their manifests, after the packages of MARKET_DIR, which win a version both have', async () => {
    const examples = join(root, 'examples');
    const operator = join(root, 'operator');
    mkdirSync(examples, { recursive: true });
    mkdirSync(operator, { recursive: true });
    writeFileSync(join(examples, 'hello-addon-0.1.0.tgz'), addonPackage(testManifest('hello-addon', '0.1.0', { author: 'the example' })));
    writeFileSync(join(operator, 'hello-addon-0.1.0.tgz'), addonPackage(testManifest('hello-addon', '0.1.0', { author: 'the operator' })));
    writeFileSync(join(operator, 'acme-1.0.0.tgz'), addonPackage(testManifest('acme', '1.0.0')));
    const warnings: string[] = [];
    const catalogue = new MarketCatalogue(marketConfig({ dir: operator, examplesDir: examples }), (m) => warnings.push(m));
    // Read now (a TTL of 0 still reuses a read of the same millisecond).
    const read = async () => {
      await catalogue.refresh();
      return catalogue.all();
    };

    const offered = await read();
    expect(offered.map((e) => `${e.name}@${e.version}`).sort()).toEqual(['acme@1.0.0', 'hello-addon@0.1.0']);
    const hello = offered.find((e) => e.name === 'hello-addon')!;
    expect(hello.manifest?.author).toBe('the operator');
    expect(hello.source).toEqual({ kind: 'file', path: join(operator, 'hello-addon-0.1.0.tgz') });
    expect(warnings.join('\n')).toMatch(/hello-addon@0\.1\.0 is offered twice with different contents/);

    // Without the operator's copy, the example's own is offered; a folder read again forgets what left it.
    rmSync(join(operator, 'hello-addon-0.1.0.tgz'));
    const again = (await read()).find((e) => e.name === 'hello-addon')!;
    expect(again.manifest?.author).toBe('the example');
    expect(again.source).toEqual({ kind: 'file', path: join(examples, 'hello-addon-0.1.0.tgz') });

    // A package the build is still writing (a half file) is skipped, and taken once whole.
    const half = addonPackage(testManifest('late', '1.0.0'));
    writeFileSync(join(examples, 'late-1.0.0.tgz'), half.subarray(0, 40));
    expect((await read()).some((e) => e.name === 'late')).toBe(false);
    writeFileSync(join(examples, 'late-1.0.0.tgz'), half);
    utimesSync(join(examples, 'late-1.0.0.tgz'), new Date(), new Date(Date.now() + 5000));
    expect((await read()).some((e) => e.name === 'late')).toBe(true);
  });

  it('are not offered when MARKET_EXAMPLES is off', async () => {
    const examples = join(root, 'examples-off');
    mkdirSync(examples, { recursive: true });
    writeFileSync(join(examples, 'hello-addon-0.1.0.tgz'), addonPackage(testManifest('hello-addon', '0.1.0')));
    const catalogue = new MarketCatalogue(marketConfig({ examplesDir: undefined }), () => undefined);
    expect(await catalogue.all()).toEqual([]);
  });
});

describe("the console's own areas in the market", () => {
  let t: TestApp;
  let admin: string;
  const marketDir = join(root, 'market-app');
  mkdirSync(marketDir, { recursive: true });

  beforeAll(async () => {
    t = await createTestApp({ env: { MARKET_DIR: marketDir, ADDONS_DIR: join(root, 'addons-app'), MARKET_CATALOGUE_TTL_SECONDS: '0' } });
    admin = await t.login();
    // The areas as their builds register them (remote.scanner.ts): titles, icons and pages per locale.
    await upsertRemote(t.db, {
      name: 'org',
      entry: '/user/web/remotes/org/0.1.0-f7b2e9a5/mf-manifest.json',
      version: '0.1.0-f7b2e9a5',
      routes: ['/org/user', '/org/dept'],
      title: { 'zh-CN': '组织管理', 'en-US': 'Organisation' },
      icon: 'TeamOutlined',
      pages: [
        { path: '/org/user', title: { 'zh-CN': '用户管理', 'en-US': 'Users' }, icon: 'UserOutlined' },
        { path: '/org/dept', title: { 'zh-CN': '部门管理', 'en-US': 'Departments' } },
      ],
      shared: { react: '^19.3.1' },
    });
    await upsertRemote(t.db, {
      name: 'tenant',
      // A hash of digits with a leading zero is no semantic version: the card's id must still be one.
      entry: '/user/web/remotes/tenant/0.1.0-01234567/mf-manifest.json',
      version: '0.1.0-01234567',
      routes: ['/tenant/manage'],
      title: { 'zh-CN': '租户管理', 'en-US': 'Tenants' },
      icon: 'ClusterOutlined',
      pages: [{ path: '/tenant/manage', title: { 'zh-CN': '租户列表', 'en-US': 'Tenant list' } }],
    });
    writeFileSync(join(marketDir, 'acme-1.0.0.tgz'), addonPackage(testManifest('acme', '1.0.0')));
  });
  afterAll(() => t.close());

  const list = async (token: string, keyword?: string, locale = 'zh-CN'): Promise<AppCard[]> => {
    const res = await t.app.inject({
      url: '/admin/admin/site/app/list',
      query: keyword ? { keyword } : {},
      headers: { ...auth(token), 'accept-language': locale },
    });
    expect(res.json().code).toBe(0);
    return res.json().data.list as AppCard[];
  };
  const details = (token: string, versionId: string) => t.app.inject({ url: '/admin/admin/site/app/details', query: { versionId }, headers: auth(token) });

  it('lists them as installed built-in cards after what may be installed, with their version and pages', async () => {
    const cards = await list(admin);
    expect(cards.map((c) => c.name)).toEqual(['acme', 'org', 'tenant']);
    expect(cards[0]).toMatchObject({ builtIn: false, installStatus: InstallStatus.notInstalled });
    expect(cards.find((c) => c.name === 'org')).toEqual({
      versionId: 'org@0.1.0-f7b2e9a5',
      title: { 'zh-CN': '组织管理', 'en-US': 'Organisation' },
      name: 'org',
      word: 'TeamOutlined',
      system: 'web',
      arch: 'any',
      version: '0.1.0-f7b2e9a5',
      localVersion: '0.1.0-f7b2e9a5',
      installStatus: InstallStatus.installed,
      updateStatus: 0,
      progress: 100,
      error: '',
      enabled: true,
      description: { 'zh-CN': '用户管理、部门管理', 'en-US': 'Users, Departments' },
      builtIn: true,
    });
    expect(cards.find((c) => c.name === 'tenant')?.versionId).toBe('tenant@0.1.0');
    expect(builtInVersionId({ name: 'x', version: 'nightly' })).toBe('x@0.0.0');
    // Found by what their pages are called, in either language.
    expect((await list(admin, 'departments')).map((c) => c.name)).toEqual(['org']);
    expect((await list(admin, '租户')).map((c) => c.name)).toEqual(['tenant']);
  });

  it('opens their details: the build they run, their pages, nothing to install or roll back', async () => {
    const res = await details(admin, 'org@0.1.0-f7b2e9a5');
    expect(res.json().code).toBe(0);
    const d = res.json().data as AppDetails;
    expect(d).toMatchObject({
      builtIn: true,
      installStatus: InstallStatus.installed,
      viewedVersion: '0.1.0-f7b2e9a5',
      routes: ['/org/user', '/org/dept'],
      pages: [
        { path: '/org/user', title: { 'zh-CN': '用户管理', 'en-US': 'Users' } },
        { path: '/org/dept', title: { 'zh-CN': '部门管理', 'en-US': 'Departments' } },
      ],
      shared: { react: '^19.3.1' },
      screenshots: [],
    });
    expect(d.versions).toEqual([
      { versionId: 'org@0.1.0-f7b2e9a5', version: '0.1.0-f7b2e9a5', changelog: '', available: false, kept: false, current: true, size: 0 },
    ]);
    // An address of an earlier build still opens the area, at the build it runs now.
    expect((await details(admin, 'org@0.0.9')).json().data.viewedVersion).toBe('0.1.0-f7b2e9a5');
    expect((await details(admin, 'tenant@0.1.0')).json().data.name).toBe('tenant');
  });

  it('cannot be installed, switched off or uninstalled through the market', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: auth(admin) });
    expect((await post('/admin/admin/site/app/install', { versionId: 'org@0.1.0-f7b2e9a5' })).statusCode).toBe(404);
    expect((await post('/admin/admin/site/app/status', { name: 'org', enabled: false })).statusCode).toBe(404);
    expect((await post('/admin/admin/site/app/uninstall', { name: 'org' })).statusCode).toBe(404);
    expect((await list(admin)).find((c) => c.name === 'org')).toMatchObject({ enabled: true, installStatus: InstallStatus.installed });
  });

  it("shows a tenant's user only the areas with a page in their menus", async () => {
    const { tenantId, deptId } = await createTenant(t.db, { code: 'offer' });
    const userId = await createUser(t.db, { username: 'offer.user', tenantId, deptId, menuPaths: ['/org/user'] });
    const token = await tokenFor(t.db, tenantId, userId);
    expect((await list(token)).map((c) => c.name)).toEqual(['acme', 'org']);
    // Described by the pages that are his, not by the area's others.
    expect((await list(token)).find((c) => c.name === 'org')?.description).toEqual({ 'zh-CN': '用户管理', 'en-US': 'Users' });
    expect((await details(token, 'org@0.1.0-f7b2e9a5')).json().data.pages).toEqual([{ path: '/org/user', title: { 'zh-CN': '用户管理', 'en-US': 'Users' } }]);
    expect((await details(token, 'org@0.1.0-f7b2e9a5')).statusCode).toBe(200);
    expect((await details(token, 'tenant@0.1.0')).statusCode).toBe(404);

    const none = await createUser(t.db, { username: 'offer.none', tenantId, deptId, menuPaths: [] });
    expect((await list(await tokenFor(t.db, tenantId, none))).map((c) => c.name)).toEqual(['acme']);
  });
});
