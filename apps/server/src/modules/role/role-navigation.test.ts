import type { AdminMenuItem } from '@uc/contracts';
import { auth, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { removeRemote, upsertRemote } from '../remote/remote.repository';
import { menus, remotes } from '../../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      // What serves the console's pages: org and permission whole, one page of tenant, three of home
      // (/home/message and the dashboard's workplace open to everyone, as they are in the console).
      const everyone = ['/home/message', '/dashboard/workplace'];
      const page = (path: string) => ({ path, title: { 'zh-CN': path, 'en-US': path }, ...(everyone.includes(path) ? { everyone: true } : {}) });
      const served = {
        org: ['/org'],
        permission: ['/permission'],
        tenant: ['/tenant/invite'],
        home: ['/home/account', '/home/message', '/dashboard/workplace'],
      };
      for (const [name, routes] of Object.entries(served)) {
        await upsertRemote(db, { name, entry: `/user/web/remotes/${name}/1/mf-manifest.json`, version: '1', routes, pages: routes.map(page) });
      }
      await createUser(db, { username: 'deptkeeper', menuPaths: ['/org/dept', '/home/account'] });
      await createUser(db, { username: 'userkeeper', menuPaths: ['/org/user'] });
      await createUser(db, { username: 'nobody', menuPaths: [] });
    },
  });
});
afterAll(() => t.close());

const get = async (url: string, token: string) => t.app.inject({ url, headers: auth(token) });
const paths = (items: AdminMenuItem[]): string[] => items.flatMap((m) => [m.path, ...paths(m.children)]);

describe('admin menu', () => {
  it('gives the super admin every visible entry that leads to a served page, in sort order, without buttons or hidden pages', async () => {
    const res = await get('/user/admin/role/antd/menu', await t.login());
    const list = res.json().data.list as AdminMenuItem[];
    // /pt/bind has no remote: left out, like the home, dashboard and tenant pages nobody serves yet.
    expect(list.map((m) => m.path)).toEqual(['/dashboard', '/org', '/permission', '/home', '/tenant']);
    expect(list[0]).toMatchObject({ locale: 'menu.dashboard', redirect: '/dashboard/workplace' });
    expect(list[0]!.children.map((c) => c.path)).toEqual(['/dashboard/workplace']);
    const org = list[1]!;
    expect(org).toMatchObject({ name: '组织管理', locale: 'menu.org', redirect: '/org/user' });
    expect(org.children.map((c) => c.path)).toEqual(['/org/user', '/org/dept', '/org/post']);
    expect(org.children[0]!.children).toEqual([]);
    const all = paths(list);
    expect(all).toEqual(expect.arrayContaining(['/permission/role', '/permission/menu', '/permission/openaccess', '/home/account', '/tenant/invite']));
    for (const unserved of [
      '/home/upgrade/logs',
      '/dashboard/analysis',
      '/dashboard/monitor',
      '/tenant/policy',
      '/tenant/manage',
      '/tenant/user/list',
      '/pt/bind',
    ]) {
      expect(all).not.toContain(unserved);
    }
    expect(all).not.toContain('/home/message/:id');
    expect(all).not.toContain('/tenant/details/:id');
  });

  it('leaves out an area whose remote is disabled, and shows it again once enabled', async () => {
    const token = await t.login();
    await t.db.update(remotes).set({ enabled: false }).where(eq(remotes.name, 'tenant'));
    const without = (await get('/user/admin/role/antd/menu', token)).json().data.list as AdminMenuItem[];
    expect(paths(without)).not.toContain('/tenant');
    expect((await get('/user/admin/role/header', token)).json().data.list.map((h: { path: string }) => h.path)).not.toContain('/tenant');
    await t.db.update(remotes).set({ enabled: true }).where(eq(remotes.name, 'tenant'));
    const back = (await get('/user/admin/role/antd/menu', token)).json().data.list as AdminMenuItem[];
    expect(paths(back)).toContain('/tenant/invite');
  });

  it('gives another user exactly the granted entries (with their directories)', async () => {
    const res = await get('/user/admin/role/antd/menu', await t.login('deptkeeper', 'user-password-1'));
    const list = res.json().data.list as AdminMenuItem[];
    expect(paths(list)).toEqual(['/dashboard', '/dashboard/workplace', '/org', '/org/dept', '/home', '/home/account', '/home/message']);
  });

  it('gives every user the pages a remote opens to everyone, whatever their roles, while that remote is enabled', async () => {
    const nobody = await t.login('nobody', 'user-password-1');
    expect(paths((await get('/user/admin/role/antd/menu', nobody)).json().data.list)).toEqual(['/dashboard', '/dashboard/workplace', '/home', '/home/message']);
    await t.db.update(remotes).set({ enabled: false }).where(eq(remotes.name, 'home'));
    try {
      expect((await get('/user/admin/role/antd/menu', nobody)).json()).toEqual({ code: 0, message: 'ok', data: { list: [] } });
    } finally {
      await t.db.update(remotes).set({ enabled: true }).where(eq(remotes.name, 'home'));
    }
  });
});

describe('a directory holding only hidden pages', () => {
  it('is not shown to a user whom only its hidden everyone page reaches (the market details page of a tenant user)', async () => {
    const pages = [
      { path: '/addons/market', title: { 'zh-CN': '应用市场', 'en-US': 'Market' } },
      { path: '/addons/market/details/:versionId', title: { 'zh-CN': '应用详情', 'en-US': 'Details' }, hidden: true, everyone: true },
    ];
    await upsertRemote(t.db, { name: 'market', entry: '/user/web/remotes/market/1/mf-manifest.json', version: '1', routes: ['/addons'], pages });
    const [dir] = await t.db.select().from(menus).where(eq(menus.path, '/addons'));
    const [details] = await t.db
      .insert(menus)
      .values({ parentId: dir!.id, type: 2, name: '应用详情', path: '/addons/market/details/:versionId', hidden: true })
      .returning();
    try {
      const nobody = await t.login('nobody', 'user-password-1');
      expect(paths((await get('/user/admin/role/antd/menu', nobody)).json().data.list)).toEqual([
        '/dashboard',
        '/dashboard/workplace',
        '/home',
        '/home/message',
      ]);
      expect((await get('/user/admin/role/header', nobody)).json().data.list.map((h: { path: string }) => h.path)).toEqual(['/dashboard', '/home']);
      // The platform's administrator, who holds the market page, has the directory.
      expect(paths((await get('/user/admin/role/antd/menu', await t.login())).json().data.list)).toEqual(expect.arrayContaining(['/addons', '/addons/market']));
    } finally {
      await t.db.delete(menus).where(eq(menus.id, details!.id));
      await removeRemote(t.db, 'market');
    }
  });
});

describe('header menu', () => {
  it('has one item per top-level area the caller may open', async () => {
    const admin = (await get('/user/admin/role/header', await t.login())).json().data.list;
    expect(admin.map((h: { path: string }) => h.path)).toEqual(['/dashboard', '/org', '/permission', '/home', '/tenant']);
    expect(admin[1]).toEqual({ addon: 'ml.svc.user', title: '组织管理', icon: 'TeamOutlined', remark: '', path: '/org', affix: false });
    const keeper = (await get('/user/admin/role/header', await t.login('deptkeeper', 'user-password-1'))).json().data.list;
    expect(keeper.map((h: { path: string }) => h.path)).toEqual(['/dashboard', '/org', '/home']);
    const userkeeper = (await get('/user/admin/role/header', await t.login('userkeeper', 'user-password-1'))).json().data.list;
    expect(userkeeper.map((h: { path: string }) => h.path)).toEqual(['/dashboard', '/org', '/home']);
  });
});

describe('permission checks', () => {
  it('lets a user call what their menus grant', async () => {
    const token = await t.login('userkeeper', 'user-password-1');
    expect((await get('/user/admin/member/list', token)).json().code).toBe(0);
    const info = (await get('/user/admin/member/info', token)).json().data;
    expect(info.permissions).toContain('/user/admin/member/list');
    expect(info.permissions).not.toContain('/user/admin/member/delete');
  });

  it('answers 403 naming the call when not granted', async () => {
    const res = await get('/user/admin/member/list', await t.login('deptkeeper', 'user-password-1'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: -1,
      message: 'You do not have permission to call /user/admin/member/list: ask an administrator to grant it to your role',
      data: null,
    });
  });
});
