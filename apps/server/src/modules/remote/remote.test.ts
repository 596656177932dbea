import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { menus, remotes } from '../../db/schema';
import { RemoteCatalogue } from './remote.catalogue';
import { createTestApp, type TestApp } from '../../test/test-app';
import { upsertRemote } from './remote.repository';

const web = mkdtempSync(join(tmpdir(), 'uc-web-'));
const writeRemote = (app: string, info: object) => {
  mkdirSync(join(web, app, 'dist'), { recursive: true });
  writeFileSync(join(web, app, 'dist', 'uc-remote.json'), JSON.stringify(info));
  writeFileSync(join(web, app, 'dist', 'mf-manifest.json'), '{"id":"org"}');
};
writeRemote('org', { name: 'org', version: '0.1.0-1a2b3c4d', routes: ['/org'] });
writeRemote('permission', { name: 'permission', version: '0.1.0-5e6f7a8b', routes: ['/permission'] });
writeRemote('broken', { name: 'Not A Name', version: '1', routes: [] });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDir: web, env: { WEB_DIR_SCAN_MS: '0' } });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

describe('remote registry', () => {
  it('lists the built remotes found in WEB_DIR, sorted, with local entries', async () => {
    const res = await t.app.inject({ url: '/user/admin/site/remotes' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().data).toEqual([
      {
        name: 'org',
        version: '0.1.0-1a2b3c4d',
        routes: ['/org'],
        entry: '/user/web/remotes/org/0.1.0-1a2b3c4d/mf-manifest.json',
        title: {},
        icon: '',
        pages: [],
        refused: [],
      },
      {
        name: 'permission',
        version: '0.1.0-5e6f7a8b',
        routes: ['/permission'],
        entry: '/user/web/remotes/permission/0.1.0-5e6f7a8b/mf-manifest.json',
        title: {},
        icon: '',
        pages: [],
        refused: [],
      },
    ]);
  });

  it('includes addon remotes at external URLs and leaves out disabled ones', async () => {
    await upsertRemote(t.db, { name: 'market', entry: 'https://cdn.example.com/market/mf-manifest.json', version: '2.0.0', routes: ['/market'], sort: 5 });
    await t.db.update(remotes).set({ enabled: false }).where(eq(remotes.name, 'permission'));
    const names = (await t.app.inject({ url: '/user/admin/site/remotes' })).json().data.map((r: { name: string }) => r.name);
    expect(names).toEqual(['market', 'org']);
  });

  it("serves a remote's files under its version; manifests are revalidated, other files immutable", async () => {
    writeFileSync(join(web, 'org', 'dist', 'routes.1234abcd.js'), 'export {}');
    const manifest = await t.app.inject({ url: '/user/web/remotes/org/0.1.0-1a2b3c4d/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await t.app.inject({ url: '/user/web/remotes/org/0.1.0-1a2b3c4d/routes.1234abcd.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const old = await t.app.inject({ url: '/user/web/remotes/org/0.0.9-deadbeef/mf-manifest.json' });
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe(-1);
  });

  it("gives a new remote's declared pages their menu entries once, under a directory of their own, and leaves existing ones alone", async () => {
    const demo = {
      name: 'demo',
      version: '0.1.0-0badf00d',
      routes: ['/demo/hello', '/demo-board/overview'],
      title: { 'zh-CN': '演示', 'en-US': 'Demo' },
      icon: 'SmileOutlined',
      pages: [
        { path: '/demo/hello', title: { 'zh-CN': '你好', 'en-US': 'Hello' }, icon: 'SmileOutlined' },
        { path: '/demo/hello/:id', title: { 'zh-CN': '详情', 'en-US': 'Details' }, hidden: true, accessAs: '/demo/hello' },
        // A page in a second area (as home serves /home and /dashboard) gets a directory of its own.
        { path: '/demo-board/overview', title: { 'zh-CN': '概览', 'en-US': 'Overview' } },
      ],
    };
    writeRemote('demo', demo);
    // A page of an existing area whose entry the catalogue already has: kept as the administrator left it.
    writeRemote('org', {
      name: 'org',
      version: '0.1.0-1a2b3c4d',
      routes: ['/org'],
      title: { 'zh-CN': '组织', 'en-US': 'Org' },
      pages: [{ path: '/org/user', title: { 'zh-CN': 'X', 'en-US': 'X' } }],
    });
    const catalogue = new RemoteCatalogue(t.db, web, () => undefined);
    await catalogue.scan();
    await catalogue.scan();
    const rows = await t.db
      .select()
      .from(menus)
      .where(inArray(menus.path, ['/demo', '/demo/hello', '/demo/hello/:id', '/demo-board', '/demo-board/overview', '/org/user']));
    const byPath = (path: string) => rows.filter((m) => m.path === path);
    expect(byPath('/demo')).toEqual([expect.objectContaining({ type: 1, name: '演示', locale: 'menu.demo', icon: 'SmileOutlined', redirect: '/demo/hello' })]);
    const dirId = byPath('/demo')[0]!.id;
    expect(byPath('/demo/hello')).toEqual([expect.objectContaining({ type: 2, parentId: dirId, name: '你好', locale: 'menu.demo.hello', hidden: false })]);
    expect(byPath('/demo/hello/:id')).toEqual([expect.objectContaining({ type: 2, parentId: dirId, hidden: true, locale: 'menu.demo.hello.id' })]);
    expect(byPath('/demo-board')).toEqual([expect.objectContaining({ type: 1, name: '概览', locale: 'menu.demo-board', redirect: '/demo-board/overview' })]);
    expect(byPath('/demo-board/overview')).toEqual([expect.objectContaining({ type: 2, parentId: byPath('/demo-board')[0]!.id })]);
    expect(byPath('/org/user')).toEqual([expect.objectContaining({ name: '用户管理' })]);
    // The registry carries the declaration to the shell, and the super admin's menu shows the page.
    const registry = (await t.app.inject({ url: '/user/admin/site/remotes' })).json().data as { name: string; title: object; pages: object[] }[];
    expect(registry.find((r) => r.name === 'demo')).toMatchObject({ title: demo.title, icon: 'SmileOutlined', pages: demo.pages });
    const menu = (await t.app.inject({ url: '/user/admin/role/antd/menu', headers: { authorization: await t.login() } })).json().data.list as {
      path: string;
      children: { path: string }[];
    }[];
    expect(menu.find((m) => m.path === '/demo')?.children.map((c) => c.path)).toEqual(['/demo/hello']);
  });
});

describe('remote registry problems', () => {
  const web2 = mkdtempSync(join(tmpdir(), 'uc-web2-'));
  afterAll(() => rmSync(web2, { recursive: true, force: true }));
  const build = (app: string, info: object, manifest: object | null = { id: app }) => {
    mkdirSync(join(web2, app, 'dist'), { recursive: true });
    writeFileSync(join(web2, app, 'dist', 'uc-remote.json'), JSON.stringify(info));
    if (manifest) writeFileSync(join(web2, app, 'dist', 'mf-manifest.json'), JSON.stringify(manifest));
  };

  it('reports a duplicate name, a missing manifest, a build against other shared versions, and a name an addon holds', async () => {
    build('dup-a', { name: 'dup', version: '1.0.0-aaaaaaaa', routes: ['/dup'] });
    build('dup-b', { name: 'dup', version: '1.0.0-bbbbbbbb', routes: ['/dup'] });
    build('bare', { name: 'bare', version: '1.0.0-cccccccc', routes: ['/bare'] }, null);
    build(
      'old',
      { name: 'old', version: '1.0.0-dddddddd', routes: ['/old'] },
      { id: 'old', shared: [{ name: 'antd', version: '5.1.0', requiredVersion: '^5.1.0' }] },
    );
    build('taken', { name: 'taken', version: '1.0.0-eeeeeeee', routes: ['/taken'] });
    await upsertRemote(t.db, { name: 'taken', entry: '/user/web/remotes/addons/taken/2.0.0/mf-manifest.json', version: '2.0.0', routes: ['/taken'] });
    const warnings: string[] = [];
    const catalogue = new RemoteCatalogue(t.db, web2, (m) => warnings.push(m), { sharedVersions: () => new Map([['antd', '6.6.8']]) });
    await catalogue.scan();
    await catalogue.scan();
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('has the name "dup" already; give each remote its own name'),
        expect.stringContaining('has no mf-manifest.json: the console cannot load "bare"'),
        'Remote "old" 1.0.0-dddddddd was built against antd ^5.1.0 but the console runs antd 6.6.8: the console refuses it (its registry entry says why); rebuild it against the console\'s versions',
        expect.stringContaining('is named "taken", which an installed addon holds: the build is left out'),
      ]),
    );
    // Each problem once, however often the registry is scanned.
    expect(warnings.length).toBe(new Set(warnings).size);
    const [dup] = await t.db.select().from(remotes).where(eq(remotes.name, 'dup'));
    expect(dup?.version).toBe('1.0.0-aaaaaaaa');
    const [taken] = await t.db.select().from(remotes).where(eq(remotes.name, 'taken'));
    expect(taken?.entry).toBe('/user/web/remotes/addons/taken/2.0.0/mf-manifest.json');
    expect(catalogue.list().map((r) => r.name)).not.toContain('taken');
  });

  it('takes a build that has gone out of the registry after the grace period, and says so', async () => {
    build('gone', { name: 'gone', version: '1.0.0-ffffffff', routes: ['/gone'] });
    const warnings: string[] = [];
    const catalogue = new RemoteCatalogue(t.db, web2, (m) => warnings.push(m), { missingGraceMs: 0 });
    await catalogue.scan();
    expect(await t.db.select().from(remotes).where(eq(remotes.name, 'gone'))).toHaveLength(1);
    rmSync(join(web2, 'gone'), { recursive: true, force: true });
    await catalogue.scan();
    expect(await t.db.select().from(remotes).where(eq(remotes.name, 'gone'))).toHaveLength(0);
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('Remote build "gone" is missing'), expect.stringContaining('removed it from the registry')]),
    );
    // Rows this server never saw as builds (registered by another server, or by URL) are left alone.
    expect(await t.db.select().from(remotes).where(eq(remotes.name, 'market'))).toHaveLength(1);
  });
});
