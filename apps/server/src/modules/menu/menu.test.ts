import type { AdminMenuItem } from '@uc/shared/contracts';
import { auth, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
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
  it('gives the super admin every visible entry, in sort order, without buttons or hidden pages', async () => {
    const res = await get('/user/admin/role/antd/menu', await t.login());
    const list = res.json().data.list as AdminMenuItem[];
    expect(list.map((m) => m.path)).toEqual(['/dashboard', '/org', '/permission', '/home', '/tenant', '/pt/bind']);
    const org = list[1]!;
    expect(org).toMatchObject({ name: '组织管理', locale: 'menu.org', redirect: '/org/user' });
    expect(org.children.map((c) => c.path)).toEqual(['/org/user', '/org/dept', '/org/post']);
    expect(org.children[0]!.children).toEqual([]);
    const all = paths(list);
    expect(all).toEqual(
      expect.arrayContaining([
        '/permission/role',
        '/permission/menu',
        '/permission/openaccess',
        '/home/account',
        '/home/message',
        '/home/upgrade/logs',
        '/tenant/policy',
        '/tenant/invite',
        '/tenant/manage',
        '/tenant/user/list',
        '/tenant/user/recycle',
      ]),
    );
    expect(all).not.toContain('/home/message/:id');
    expect(all).not.toContain('/tenant/details/:id');
  });

  it('gives another user exactly the granted entries (with their directories)', async () => {
    const res = await get('/user/admin/role/antd/menu', await t.login('deptkeeper', 'user-password-1'));
    const list = res.json().data.list as AdminMenuItem[];
    expect(paths(list)).toEqual(['/org', '/org/dept', '/home', '/home/account']);
  });

  it('gives a user without menus an empty list', async () => {
    const res = await get('/user/admin/role/antd/menu', await t.login('nobody', 'user-password-1'));
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { list: [] } });
  });
});

describe('header menu', () => {
  it('has one item per top-level area the caller may open', async () => {
    const admin = (await get('/user/admin/role/header', await t.login())).json().data.list;
    expect(admin.map((h: { path: string }) => h.path)).toEqual(['/dashboard', '/org', '/permission', '/home', '/tenant', '/pt/bind']);
    expect(admin[1]).toEqual({ addon: 'ml.svc.user', title: '组织管理', icon: 'TeamOutlined', remark: '', path: '/org', affix: false });
    const keeper = (await get('/user/admin/role/header', await t.login('deptkeeper', 'user-password-1'))).json().data.list;
    expect(keeper.map((h: { path: string }) => h.path)).toEqual(['/org', '/home']);
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
