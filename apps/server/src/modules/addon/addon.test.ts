import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { InstallStatus, type AddonManifestInput, type AppCard, type AppDetails, type AppJob } from '@uc/contracts';
import { addons, addonVersions, auditLogs, menus, roleMenus, roles, tenantPolicies, tenants, upgradeLogs, userRoles } from '../../db/schema';
import { addonMenus } from './addon-menus';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auth, createTenant, createUser, serveRemotes, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { applyPolicyToItsTenants, applyTenantPolicy } from '../tenant-policy/policy-apply';
import { addonPackage, sha256Of, testManifest } from './addon.fixtures';
import { CHECKSUM_MISMATCH, SIZE_MISMATCH } from './addon-installer';
import { NAME_TAKEN, PERMISSION_OF_CONSOLE, ROUTE_CLASH, ROUTE_OF_CONSOLE, SHARED_MISMATCH } from './addon-checks';

/*
 * The market end to end, through the API: packages built here (addon.fixtures.ts) are offered from
 * MARKET_DIR and from a catalogue index served by a real HTTP server in this process, installed,
 * updated, rolled back, disabled, uninstalled and purged; each refusal must leave nothing behind.
 */

const root = mkdtempSync(join(tmpdir(), 'uc-market-'));
const marketDir = join(root, 'market');
const addonsDir = join(root, 'addons');
mkdirSync(marketDir, { recursive: true });

/** The catalogue server: an index and packages, and a route that cuts a download short. */
const index: { addons: Record<string, unknown>[] } = { addons: [] };
const served = new Map<string, Buffer>();
let server: Server;
let base = '';
/** Downloads under /slow/ send half the package, then wait for this to be called. */
let releaseSlow: () => void = () => undefined;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/index.json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(index));
      return;
    }
    const cut = url.startsWith('/cut/');
    const body = served.get(url.replace(/^\/(cut|pkg|slow)\//, ''));
    if (!body) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-length', String(body.length));
    if (url.startsWith('/slow/')) {
      const half = Math.floor(body.length / 2);
      res.write(body.subarray(0, half));
      releaseSlow = () => res.end(body.subarray(half));
      return;
    }
    if (!cut) {
      res.end(body);
      return;
    }
    // Half the bytes, then the connection drops: a download cut short.
    res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      MARKET_DIR: marketDir,
      ADDONS_DIR: addonsDir,
      MARKET_CATALOGUE_URLS: `${base}/index.json`,
      MARKET_CATALOGUE_TTL_SECONDS: '0',
      MARKET_FETCH_TIMEOUT_MS: '3000',
    },
  });
  admin = await t.login();
  // The console's own org remote, whose routes an addon must not take.
  await serveRemotes(t.db, { org: ['/org/user', '/org/dept'] });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((done) => server.close(() => done()));
  rmSync(root, { recursive: true, force: true });
});

const offerFile = (m: AddonManifestInput, extra?: Parameters<typeof addonPackage>[1]) => {
  const pkg = addonPackage(m, extra);
  writeFileSync(join(marketDir, `${m.name}-${m.version}.tgz`), pkg);
  return pkg;
};
const offerUrl = (m: AddonManifestInput, over: Record<string, unknown> = {}, path = 'pkg', extra?: Parameters<typeof addonPackage>[1]) => {
  const pkg = addonPackage(m, extra);
  const file = `${m.name}-${m.version}.tgz`;
  served.set(file, pkg);
  index.addons.push({ name: m.name, version: m.version, url: `${path}/${file}`, sha256: sha256Of(pkg), size: pkg.length, ...over });
  return pkg;
};

const get = (url: string, query?: Record<string, string>, token = admin) => t.app.inject({ method: 'GET', url, query, headers: auth(token) });
const post = (url: string, payload: unknown, token = admin) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });

const cards = async (token = admin): Promise<AppCard[]> => {
  const res = await get('/admin/admin/site/app/list', undefined, token);
  expect(res.json().code).toBe(0);
  return res.json().data.list as AppCard[];
};
const card = async (name: string) => (await cards()).find((c) => c.name === name);

/** Waits until the addon's job has ended, and returns it. */
async function settled(name: string): Promise<AppJob> {
  for (let i = 0; i < 200; i++) {
    await t.app.addons.idle();
    const job = (await get('/admin/admin/site/app/job', { name })).json().data as AppJob | null;
    if (job && job.installStatus !== InstallStatus.downloading && job.installStatus !== InstallStatus.installing) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the job of ${name} did not end`);
}

async function install(versionId: string): Promise<AppJob> {
  const res = await post('/admin/admin/site/app/install', { versionId });
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 200, body: { code: 0 } });
  return settled(versionId.split('@')[0]!);
}

const registry = async () => (await t.app.inject({ url: '/user/admin/site/remotes' })).json().data as { name: string; entry: string; version: string }[];
const addonMenuRows = (name: string) => addonMenus(t.db, name);

/** Nothing of a refused install: no files, no kept version, no registry entry, no menus, no upgrade log. */
async function expectNothingOf(name: string) {
  expect(existsSync(join(addonsDir, name)) ? readdirSync(join(addonsDir, name)) : []).toEqual([]);
  expect(await t.db.select().from(addonVersions).where(eq(addonVersions.name, name))).toEqual([]);
  expect((await registry()).filter((r) => r.name === name)).toEqual([]);
  expect(await addonMenuRows(name)).toEqual([]);
  expect(await t.db.select().from(upgradeLogs).where(eq(upgradeLogs.plugin, name))).toEqual([]);
}

describe('the application market', () => {
  it('lists the packages of MARKET_DIR and of the catalogue URLs as cards, to every signed-in user', async () => {
    offerFile(testManifest('alpha', '1.0.0'));
    offerUrl(testManifest('beta', '2.0.0'), { title: { 'zh-CN': '贝塔', 'en-US': 'Beta' } });
    const user = await createUser(t.db, { username: 'market.reader', menuPaths: [] });
    const list = await cards(await tokenFor(t.db, PLATFORM_TENANT_ID, user));
    expect(list.find((c) => c.name === 'alpha')).toMatchObject({
      versionId: 'alpha@1.0.0',
      version: '1.0.0',
      localVersion: '',
      installStatus: 0,
      updateStatus: 0,
      word: 'AppstoreOutlined',
      system: 'web',
      title: { 'zh-CN': 'alpha 应用', 'en-US': 'alpha app' },
    });
    expect(list.find((c) => c.name === 'beta')).toMatchObject({ versionId: 'beta@2.0.0', title: { 'zh-CN': '贝塔', 'en-US': 'Beta' }, installStatus: 0 });
    const found = (await get('/admin/admin/site/app/list', { keyword: 'BET' })).json().data;
    expect(found.list.map((c: AppCard) => c.name)).toEqual(['beta']);
    // Reading is for everyone; installing is the platform's.
    const refused = await post('/admin/admin/site/app/install', { versionId: 'alpha@1.0.0' }, await tokenFor(t.db, PLATFORM_TENANT_ID, user));
    expect(refused.statusCode).toBe(403);
  });

  it('installs from MARKET_DIR: files served, registry entry, menus granted to the platform administrators, upgrade log', async () => {
    const job = await install('alpha@1.0.0');
    expect(job).toMatchObject({ name: 'alpha', kind: 'install', version: '1.0.0', installStatus: 3, progress: 100, error: '' });
    expect(await card('alpha')).toMatchObject({ installStatus: 3, localVersion: '1.0.0', enabled: true, progress: 100 });
    expect((await registry()).find((r) => r.name === 'alpha')).toMatchObject({
      entry: '/user/web/remotes/addons/alpha/1.0.0/mf-manifest.json',
      version: '1.0.0',
      routes: ['/alpha'],
      pages: [{ path: '/alpha/home', title: { 'zh-CN': '首页', 'en-US': 'Home' }, icon: 'HomeOutlined' }],
    });
    const manifest = await t.app.inject({ url: '/user/web/remotes/addons/alpha/1.0.0/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = readdirSync(join(addonsDir, 'alpha', '1.0.0', 'dist', 'static', 'js'))[0]!;
    const asset = await t.app.inject({ url: `/user/web/remotes/addons/alpha/1.0.0/static/js/${chunk}` });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/user/web/remotes/addons/alpha/1.0.0/uc-addon.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/user/web/remotes/addons/alpha/1.0.0/..%2F..%2Fetc/passwd' })).statusCode).toBe(404);

    const rows = await addonMenuRows('alpha');
    expect(rows.map((m) => ({ type: m.type, path: m.path, name: m.name, permissions: m.permissions })).sort((a, b) => a.type - b.type)).toEqual([
      { type: 1, path: '/alpha', name: 'alpha 应用', permissions: '' },
      { type: 2, path: '/alpha/home', name: '首页', permissions: '/alpha/api/list' },
      { type: 3, path: '', name: '新增', permissions: '/alpha/api/edit' },
    ]);
    const superRole = await t.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.isDefaultAdmin, true)));
    const granted = await t.db
      .select({ menuId: roleMenus.menuId })
      .from(roleMenus)
      .where(
        and(
          eq(roleMenus.roleId, superRole[0]!.id),
          inArray(
            roleMenus.menuId,
            rows.map((m) => m.id),
          ),
        ),
      );
    expect(granted).toHaveLength(3);
    // The new page shows in the menu at once, no restart.
    const menu = (await get('/user/admin/role/antd/menu')).json().data.list as { path: string; children: { path: string }[] }[];
    expect(menu.find((m) => m.path === '/alpha')?.children.map((c) => c.path)).toEqual(['/alpha/home']);
    const [log] = await t.db.select().from(upgradeLogs).where(eq(upgradeLogs.plugin, 'alpha'));
    expect(log).toMatchObject({
      version: '1.0.0',
      title: '安装 alpha 应用',
      texts: { 'zh-CN': { title: '安装 alpha 应用' }, 'en-US': { title: 'alpha app installed' } },
    });
    expect(log!.content).toContain('Release 1.0.0');
    expect(log!.texts?.['en-US']?.content).toContain('Release 1.0.0');
    // Installed already: updating is the way to another version.
    expect((await post('/admin/admin/site/app/install', { versionId: 'alpha@1.0.0' })).statusCode).toBe(409);
  });

  it('installs from a catalogue URL, the download checked against its size and sha256', async () => {
    const job = await install('beta@2.0.0');
    expect(job.installStatus).toBe(3);
    expect((await registry()).find((r) => r.name === 'beta')?.entry).toBe('/user/web/remotes/addons/beta/2.0.0/mf-manifest.json');
    expect(existsSync(join(addonsDir, 'beta', '2.0.0', 'dist', 'mf-manifest.json'))).toBe(true);
  });

  it('shows the job downloading with its progress by bytes, then installed', async () => {
    offerUrl(testManifest('slowpoke', '1.0.0'), {}, 'slow');
    const res = await post('/admin/admin/site/app/install', { versionId: 'slowpoke@1.0.0' });
    expect(res.json().data).toMatchObject({ installStatus: 1, progress: 0, kind: 'install' });
    let seen: AppJob | undefined;
    for (let i = 0; i < 100 && !(seen && seen.progress > 0); i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = (await get('/admin/admin/site/app/job', { name: 'slowpoke' })).json().data as AppJob;
    }
    // Half the bytes of the download, which is the first 60 % of the job.
    expect(seen).toMatchObject({ installStatus: 1, progress: 30, installingAt: null });
    expect(await card('slowpoke')).toMatchObject({ installStatus: 1, progress: 30, localVersion: '' });
    // Another install of it meanwhile is refused, not queued.
    expect((await post('/admin/admin/site/app/install', { versionId: 'slowpoke@1.0.0' })).statusCode).toBe(409);
    releaseSlow();
    const done = await settled('slowpoke');
    expect(done).toMatchObject({ installStatus: 3, progress: 100 });
    // The job's timeline: downloading from its start, installing once the download ended, then done.
    const [started, installing, finished] = [done.startedAt, done.installingAt, done.finishedAt].map((v) => Date.parse(v ?? ''));
    expect(started).toBeLessThanOrEqual(installing!);
    expect(installing).toBeLessThanOrEqual(finished!);
  });

  it('refuses a package whose checksum is wrong, leaving nothing behind', async () => {
    offerUrl(testManifest('gamma', '1.0.0'), { sha256: 'a'.repeat(64) });
    const job = await install('gamma@1.0.0');
    expect(job.installStatus).toBe(InstallStatus.failed);
    expect(job.error).toContain('does not match the catalogue checksum');
    expect(job.error).toContain(`expected ${'a'.repeat(64)}`);
    await expectNothingOf('gamma');
    expect(await card('gamma')).toMatchObject({ installStatus: -1, localVersion: '', error: job.error });
    expect(CHECKSUM_MISMATCH).toContain('{expected}');
  });

  it('refuses a download cut short, leaving nothing behind; the card says why in the reader’s language', async () => {
    offerUrl(testManifest('delta', '1.0.0'), {}, 'cut');
    const job = await install('delta@1.0.0');
    expect(job.installStatus).toBe(InstallStatus.failed);
    expect(job.error).toMatch(/Downloading http:\/\/127\.0\.0\.1:\d+\/cut\/delta-1\.0\.0\.tgz failed|bytes, but the catalogue says/);
    await expectNothingOf('delta');
    const zh = await t.app.inject({ url: '/admin/admin/site/app/job', query: { name: 'delta' }, headers: { ...auth(admin), 'accept-language': 'zh-CN' } });
    expect(zh.json().data.error).toMatch(/下载 .* 失败|字节/);
    expect(SIZE_MISMATCH).toContain('{expected}');
  });

  it('refuses an addon whose route overlaps a remote of the console, naming both', async () => {
    offerFile(testManifest('clash', '1.0.0', { pages: [{ path: '/org/report', title: { 'zh-CN': '报表', 'en-US': 'Report' } }] }));
    const job = await install('clash@1.0.0');
    expect(job.installStatus).toBe(InstallStatus.failed);
    expect(job.error).toBe(ROUTE_CLASH.replace('{route}', '/org').replace('{other}', '/org/user').replace('{owner}', 'org'));
    await expectNothingOf('clash');
    // Nor may one addon take another's route.
    offerFile(testManifest('alpha-two', '1.0.0', { pages: [{ path: '/alpha/more', title: { 'zh-CN': '更多', 'en-US': 'More' } }] }));
    const second = await install('alpha-two@1.0.0');
    expect(second.error).toContain('overlaps the route /alpha of alpha');
    await expectNothingOf('alpha-two');
  });

  it('refuses what belongs to the console whatever is deployed: its area names, its areas, its API addresses (the rules the addon kit applies at build time)', async () => {
    const page = (path: string, permissions: string[] = []) => ({ path, title: { 'zh-CN': '报表', 'en-US': 'Report' }, permissions });
    const cases: [AddonManifestInput, string][] = [
      [testManifest('system', '1.0.0', { pages: [page('/sys-report/list')] }), NAME_TAKEN.replace('{name}', 'system')],
      [
        testManifest('in-pt', '1.0.0', { pages: [page('/pt/report')] }),
        ROUTE_OF_CONSOLE.replace('{route}', '/pt').replace('{area}', '/pt').replace('{name}', 'in-pt'),
      ],
      [
        testManifest('lister', '1.0.0', { pages: [page('/lister/users', ['/lister/api/list', '/user/admin/member/list'])] }),
        PERMISSION_OF_CONSOLE.replace('{permission}', '/user/admin/member/list'),
      ],
    ];
    for (const [m, refusal] of cases) {
      offerFile(m);
      const job = await install(`${m.name}@${m.version}`);
      expect(job.installStatus).toBe(InstallStatus.failed);
      expect(job.error).toBe(refusal);
      await expectNothingOf(m.name);
    }
    const zh = await t.app.inject({ url: '/admin/admin/site/app/job', query: { name: 'lister' }, headers: { ...auth(admin), 'accept-language': 'zh-CN' } });
    expect(zh.json().data.error).toBe('该应用授予了控制台自身的 API 地址 /user/admin/member/list，应用只能授予自己的地址');
  });

  it('refuses an addon built against an antd the console cannot satisfy, naming the library and both versions', async () => {
    offerFile(testManifest('old-antd', '1.0.0', { shared: { react: '^19.0.0', antd: '^5.12.0' } }));
    const job = await install('old-antd@1.0.0');
    expect(job.installStatus).toBe(InstallStatus.failed);
    expect(job.error).toMatch(/^The addon was built against antd \^5\.12\.0, but the console runs antd 6\.\d+\.\d+/);
    expect(SHARED_MISMATCH).toContain('{library}');
    await expectNothingOf('old-antd');
  });

  it('refuses unsafe packages: links, paths climbing out, a manifest naming another version', async () => {
    // Offered by URL: the market folder skips such packages when it lists them (and logs why).
    offerUrl(testManifest('linky', '1.0.0'), {}, 'pkg', { entries: [{ path: 'package/dist/evil', type: '2', linkTarget: '/etc/passwd' }] });
    expect((await install('linky@1.0.0')).error).toContain('package/dist/evil, which is not allowed (a symbolic link)');
    await expectNothingOf('linky');
    offerUrl(testManifest('climb', '1.0.0'), {}, 'pkg', { entries: [{ path: 'package/../../escape.js', data: 'x' }] });
    expect((await install('climb@1.0.0')).error).toContain('a path climbing out with ..');
    expect(existsSync(join(root, 'escape.js'))).toBe(false);
    await expectNothingOf('climb');
    const liar = addonPackage(testManifest('liar', '9.9.9'));
    served.set('liar.tgz', liar);
    index.addons.push({ name: 'liar', version: '1.0.0', url: 'pkg/liar.tgz', sha256: sha256Of(liar), size: liar.length });
    expect((await install('liar@1.0.0')).error).toBe(
      'The package holds liar@9.9.9, not liar@1.0.0 as the catalogue says: the catalogue entry points at the wrong package',
    );
    await expectNothingOf('liar');
  });

  it('installs an addon once when two installs of it arrive at the same moment', async () => {
    offerFile(testManifest('twice', '1.0.0'));
    const [a, b] = await Promise.all([
      post('/admin/admin/site/app/install', { versionId: 'twice@1.0.0' }),
      post('/admin/admin/site/app/install', { versionId: 'twice@1.0.0' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await settled('twice')).installStatus).toBe(3);
    expect(await addonMenuRows('twice')).toHaveLength(3);
    expect(await t.db.select().from(upgradeLogs).where(eq(upgradeLogs.plugin, 'twice'))).toHaveLength(1);
    expect((await registry()).filter((r) => r.name === 'twice')).toHaveLength(1);
  });

  it('updates beside the old version, keeps the two before it served, and rolls back with one call', async () => {
    const v = (version: string, extraPage = false) =>
      testManifest('alpha', version, {
        pages: [
          testManifest('alpha', version).pages[0]!,
          ...(extraPage ? [{ path: '/alpha/report', title: { 'zh-CN': '报表', 'en-US': 'Report' }, permissions: ['/alpha/api/report'] }] : []),
        ],
      });
    const homeId = (await addonMenuRows('alpha')).find((m) => m.path === '/alpha/home')!.id;
    offerFile(v('1.1.0', true));
    expect(await card('alpha')).toMatchObject({ versionId: 'alpha@1.1.0', version: '1.1.0', localVersion: '1.0.0', updateStatus: 1 });
    const res = await post('/admin/admin/site/app/update', { name: 'alpha', versionId: 'alpha@1.1.0' });
    expect(res.json().code).toBe(0);
    expect(await settled('alpha')).toMatchObject({ kind: 'update', installStatus: 3 });
    expect((await registry()).find((r) => r.name === 'alpha')?.entry).toBe('/user/web/remotes/addons/alpha/1.1.0/mf-manifest.json');
    // A tab still running 1.0.0 keeps loading it.
    expect((await t.app.inject({ url: '/user/web/remotes/addons/alpha/1.0.0/mf-manifest.json' })).statusCode).toBe(200);
    const rows = await addonMenuRows('alpha');
    expect(rows.find((m) => m.path === '/alpha/home')?.id).toBe(homeId);
    expect(rows.find((m) => m.path === '/alpha/report')?.permissions).toBe('/alpha/api/report');
    expect(await card('alpha')).toMatchObject({ localVersion: '1.1.0', updateStatus: 0 });
    const [updateLog] = await t.db
      .select()
      .from(upgradeLogs)
      .where(and(eq(upgradeLogs.plugin, 'alpha'), eq(upgradeLogs.version, '1.1.0')));
    expect(updateLog?.content).toContain('从 1.0.0 更新到 1.1.0');
    expect(updateLog?.texts?.['en-US']?.content).toContain('updated from 1.0.0 to 1.1.0');

    for (const version of ['1.2.0', '1.3.0']) {
      offerFile(v(version, true));
      await post('/admin/admin/site/app/update', { name: 'alpha', versionId: `alpha@${version}` });
      expect((await settled('alpha')).installStatus).toBe(3);
    }
    // The installed version and the two before it stay; the oldest is gone.
    expect(readdirSync(join(addonsDir, 'alpha')).sort()).toEqual(['1.1.0', '1.2.0', '1.3.0']);
    expect((await t.app.inject({ url: '/user/web/remotes/addons/alpha/1.0.0/mf-manifest.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/user/web/remotes/addons/alpha/1.1.0/mf-manifest.json' })).statusCode).toBe(200);
    const details = (await get('/admin/admin/site/app/details', { versionId: 'alpha@1.3.0' })).json().data as AppDetails;
    expect(details.versions.map((x) => [x.version, x.kept, x.current])).toEqual([
      ['1.3.0', true, true],
      ['1.2.0', true, false],
      ['1.1.0', true, false],
      ['1.0.0', false, false],
    ]);
    expect(details.versions[0]!.changelog).toContain('Release 1.3.0');

    // Roll back to the very first kept version: the page 1.0.0 lacks is irrelevant here, 1.1.0 has it too.
    const back = await post('/admin/admin/site/app/rollback', { name: 'alpha', version: '1.1.0' });
    expect(back.json()).toMatchObject({ code: 0, data: { kind: 'rollback', installStatus: 3, version: '1.1.0' } });
    expect((await registry()).find((r) => r.name === 'alpha')?.version).toBe('1.1.0');
    expect(await card('alpha')).toMatchObject({ localVersion: '1.1.0', updateStatus: 1 });
    expect((await post('/admin/admin/site/app/rollback', { name: 'alpha', version: '1.0.0' })).statusCode).toBe(404);
    await t.app.addons.idle();
    expect(readdirSync(join(addonsDir, 'alpha')).sort()).toEqual(['1.1.0', '1.2.0', '1.3.0']);
  });

  it('hides a disabled addon from the registry and the menu, and shows it again when enabled', async () => {
    expect((await post('/admin/admin/site/app/status', { name: 'alpha', enabled: false })).json().code).toBe(0);
    expect((await registry()).some((r) => r.name === 'alpha')).toBe(false);
    const menu = (await get('/user/admin/role/antd/menu')).json().data.list as { path: string }[];
    expect(menu.some((m) => m.path === '/alpha')).toBe(false);
    expect(await card('alpha')).toMatchObject({ installStatus: 3, enabled: false });
    expect((await post('/admin/admin/site/app/status', { name: 'alpha', enabled: true })).json().code).toBe(0);
    expect((await registry()).some((r) => r.name === 'alpha')).toBe(true);
    expect((await post('/admin/admin/site/app/status', { name: 'nowhere', enabled: true })).statusCode).toBe(404);
  });

  it("never gives a tenant an addon's permission its policy does not allow; uninstall takes menus and grants away", async () => {
    // A tenant whose policy allows the user list only; its administrator role holds exactly that.
    const memberMenu = (await t.db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/org/user')))[0]!.id;
    const [policy] = await t.db
      .insert(tenantPolicies)
      .values({ title: 'Narrow', menuIds: [memberMenu] })
      .returning({ id: tenantPolicies.id });
    const { tenantId } = await createTenant(t.db, { code: 'market-tenant' });
    await t.db.update(tenants).set({ policyId: policy!.id }).where(eq(tenants.id, tenantId));
    const userId = await createUser(t.db, { username: 'market.tenant.admin', tenantId, menuPaths: [] });
    const [role] = await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
    await t.db
      .update(roles)
      .set({ isDefaultAdmin: true })
      .where(and(eq(roles.tenantId, tenantId), eq(roles.id, role!.id)));
    await applyTenantPolicy(t.db, tenantId);
    const token = await tokenFor(t.db, tenantId, userId);
    const permissions = async () => (await get('/user/admin/member/info', undefined, token)).json().data.permissions as string[];
    expect(await permissions()).not.toContain('/alpha/api/list');
    // Its administrator cannot hand the addon's menu to a role either: nobody grants what they do not hold.
    const alphaHome = (await addonMenuRows('alpha')).find((m) => m.path === '/alpha/home')!.id;
    const grant = await post('/user/admin/role/menus', { id: role!.id, menuIds: [memberMenu, alphaHome] }, token);
    expect(grant.statusCode).toBe(403);
    expect(await permissions()).not.toContain('/alpha/api/list');

    // The platform allows the page in the policy: the tenant's administrator gets it, and nothing more.
    await t.db
      .update(tenantPolicies)
      .set({ menuIds: [memberMenu, alphaHome] })
      .where(eq(tenantPolicies.id, policy!.id));
    await applyPolicyToItsTenants(t.db, policy!.id);
    expect(await permissions()).toContain('/alpha/api/list');
    expect(await permissions()).not.toContain('/alpha/api/edit');
    // A page a new version adds goes to the platform's administrators only.
    offerFile(
      testManifest('alpha', '2.0.0', {
        pages: [
          ...testManifest('alpha', '2.0.0').pages,
          { path: '/alpha/extra', title: { 'zh-CN': '附加', 'en-US': 'Extra' }, permissions: ['/alpha/api/extra'] },
        ],
      }),
    );
    await post('/admin/admin/site/app/update', { name: 'alpha', versionId: 'alpha@2.0.0' });
    expect((await settled('alpha')).installStatus).toBe(3);
    expect(await permissions()).not.toContain('/alpha/api/extra');
    expect(await permissions()).toContain('/alpha/api/list');

    const ids = (await addonMenuRows('alpha')).map((m) => m.id);
    expect((await post('/admin/admin/site/app/uninstall', { name: 'alpha' })).json().code).toBe(0);
    await t.app.addons.idle();
    expect(await addonMenuRows('alpha')).toEqual([]);
    expect(await t.db.select().from(roleMenus).where(inArray(roleMenus.menuId, ids))).toEqual([]);
    expect(await permissions()).not.toContain('/alpha/api/list');
    const [after] = await t.db.select({ menuIds: tenantPolicies.menuIds }).from(tenantPolicies).where(eq(tenantPolicies.id, policy!.id));
    expect(after!.menuIds).toEqual([memberMenu]);
    expect((await registry()).some((r) => r.name === 'alpha')).toBe(false);
    expect(await card('alpha')).toMatchObject({ installStatus: 0, localVersion: '', enabled: false });
    // The last version's files stay for a reinstall until purged.
    expect(readdirSync(join(addonsDir, 'alpha'))).toEqual(['2.0.0']);
  });

  it('reinstalls from kept files, and purges an uninstalled addon', async () => {
    rmSync(join(marketDir, 'alpha-2.0.0.tgz'));
    expect((await install('alpha@2.0.0')).installStatus).toBe(3);
    expect((await registry()).find((r) => r.name === 'alpha')?.version).toBe('2.0.0');
    expect((await post('/admin/admin/site/app/purge', { name: 'alpha' })).statusCode).toBe(409);
    await post('/admin/admin/site/app/uninstall', { name: 'alpha' });
    expect((await post('/admin/admin/site/app/purge', { name: 'alpha' })).json().code).toBe(0);
    await t.app.addons.idle();
    expect(existsSync(join(addonsDir, 'alpha'))).toBe(false);
    expect(await t.db.select().from(addons).where(eq(addons.name, 'alpha'))).toEqual([]);
    expect((await post('/admin/admin/site/app/purge', { name: 'alpha' })).statusCode).toBe(404);
  });

  it('audits every administrative call with the addon it acted on, and shows the cards in any tenant', async () => {
    const audited = await t.db
      .select({ action: auditLogs.action, target: auditLogs.target })
      .from(auditLogs)
      .where(inArray(auditLogs.action, ['/admin/admin/site/app/install', '/admin/admin/site/app/rollback', '/admin/admin/site/app/uninstall']));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: '/admin/admin/site/app/install', target: 'alpha@1.0.0' },
        { action: '/admin/admin/site/app/rollback', target: 'alpha@1.1.0' },
        { action: '/admin/admin/site/app/uninstall', target: 'alpha' },
      ]),
    );
    const { tenantId } = await createTenant(t.db, { code: 'market-reader' });
    const reader = await createUser(t.db, { username: 'market.other', tenantId, menuPaths: [] });
    const list = await cards(await tokenFor(t.db, tenantId, reader));
    expect(list.find((c) => c.name === 'beta')).toMatchObject({ installStatus: 3, localVersion: '2.0.0' });
  });

  it('migration 0034 gives a database seeded before the market administration menu, for the platform administrators', async () => {
    const market = () => t.db.select().from(menus).where(eq(menus.path, '/addons/market'));
    const area = () => t.db.select().from(menus).where(eq(menus.path, '/addons'));
    for (const m of [...(await market()), ...(await area())]) await t.db.delete(menus).where(eq(menus.id, m.id));
    const migration = readFileSync(join(process.cwd(), 'drizzle', '0034_market_menu.sql'), 'utf8');
    const run = async () => {
      for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    };
    await run();
    await run();
    const [page] = await market();
    expect(page).toMatchObject({ type: 2, name: '应用市场', permissions: '/admin/admin/site/app/job' });
    // In the market remote's area directory, once.
    const dirs = await area();
    expect(dirs).toHaveLength(1);
    expect(dirs[0]).toMatchObject({ type: 1, redirect: '/addons/market', parentId: null });
    expect(page!.parentId).toBe(dirs[0]!.id);
    const buttons = await t.db.select().from(menus).where(eq(menus.parentId, page!.id));
    expect(buttons.flatMap((b) => b.permissions.split(',')).sort()).toEqual(
      ['install', 'update', 'rollback', 'job', 'status', 'uninstall', 'purge'].map((c) => `/admin/admin/site/app/${c}`).sort(),
    );
    const superRole = (
      await t.db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.isDefaultAdmin, true)))
    )[0]!;
    const granted = await t.db
      .select()
      .from(roleMenus)
      .where(inArray(roleMenus.menuId, [page!.id, ...buttons.map((b) => b.id)]));
    expect(granted.map((g) => g.roleId)).toEqual(Array(4).fill(superRole.id));
  });
});
