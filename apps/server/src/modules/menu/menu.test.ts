import type { MenuNode } from '@uc/contracts';
import { auth, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let viewer: string;
beforeAll(async () => {
  t = await createTestApp({
    // A tenant user holding the menu screen and all its buttons, but not the platform super admin.
    beforeBuild: (db) => createUser(db, { username: 'menuviewer', menuPaths: ['/permission/menu'], withButtons: true }).then(() => undefined),
  });
  admin = await t.login();
  viewer = await t.login('menuviewer', 'user-password-1');
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.app.inject({ url, headers: auth(token) });
const post = (url: string, payload: unknown, token = admin) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });
const tree = async (): Promise<MenuNode[]> => (await get('/user/admin/menu/list')).json().data.list;
const find = (nodes: MenuNode[], path: string): MenuNode | undefined => {
  for (const n of nodes) {
    if (n.path === path) return n;
    const hit = find(n.children, path);
    if (hit) return hit;
  }
  return undefined;
};

describe('menu catalogue', () => {
  it('lists the whole catalogue as a tree in sort order, with buttons and hidden entries', async () => {
    const list = await tree();
    expect(list.map((m) => m.path)).toEqual(['/dashboard', '/org', '/permission', '/home', '/tenant', '/pt/bind', '/addons', '/system', '/monitor']);
    const role = find(list, '/permission/role')!;
    expect(role.children.map((c) => c.name)).toEqual(['新增角色', '编辑角色', '删除角色', '启用停用', '分配权限']);
    expect(find(list, '/home/message/:id')?.hidden).toBe(true);
  });

  it('re-orders the tree when a sort changes', async () => {
    const post_ = find(await tree(), '/org/post')!;
    expect((await post('/user/admin/menu/edit', { ...post_, sort: 1 })).json().code).toBe(0);
    expect(find(await tree(), '/org')!.children.map((c) => c.path)).toEqual(['/org/post', '/org/user', '/org/dept']);
  });

  it('creates, views, disables and deletes an entry with every editor field', async () => {
    const parentId = find(await tree(), '/permission')!.id;
    const fields = {
      parentId,
      type: 2,
      client: 2,
      addon: 'ml.svc.demo',
      name: '演示',
      locale: 'menu.demo',
      icon: 'icon-home-outlined',
      path: 'https://example.com/demo',
      alias: 'demo',
      component: 'demo/index',
      redirect: '/demo/a',
      permissions: ' /user/admin/member/list ,/user/admin/menu/list',
      highlight: '/permission/menu',
      isRoot: true,
      popup: true,
      simplified: true,
      keepAlive: true,
      hidden: true,
      external: true,
      affix: true,
      sort: 99,
      status: 1,
      remark: 'r',
    };
    const res = await post('/user/admin/menu/edit', fields);
    expect(res.json()).toMatchObject({ code: 0, data: { id: expect.any(Number) } });
    const id = res.json().data.id as number;
    const view = (await get(`/user/admin/menu/view?id=${id}`)).json().data;
    expect(view).toMatchObject({ ...fields, permissions: '/user/admin/member/list,/user/admin/menu/list', id });
    expect((await post('/user/admin/menu/status', { id, status: 2 })).json().data).toEqual({ id, status: 2 });
    expect((await get(`/user/admin/menu/view?id=${id}`)).json().data.status).toBe(2);
    expect((await post('/user/admin/menu/delete', { id })).json().code).toBe(0);
    expect((await get(`/user/admin/menu/view?id=${id}`)).statusCode).toBe(404);
  });

  it("says 'Menu name cannot be empty'", async () => {
    const res = await post('/user/admin/menu/edit', { type: 1, name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Menu name cannot be empty');
  });

  it('keeps routing aliases unique', async () => {
    const a = await post('/user/admin/menu/edit', { type: 2, name: 'A', alias: 'same' });
    expect(a.json().code).toBe(0);
    const b = await post('/user/admin/menu/edit', { type: 2, name: 'B', alias: 'same' });
    expect(b.statusCode).toBe(409);
    expect(b.json().message).toMatch(/^Routing alias must be unique: same is used by menu \d+; choose another alias$/);
    // Saving the holder itself again is fine.
    expect((await post('/user/admin/menu/edit', { id: a.json().data.id, type: 2, name: 'A2', alias: 'same' })).json().code).toBe(0);
  });

  it('refuses permission strings that are not API addresses of the server, naming them', async () => {
    const res = await post('/user/admin/menu/edit', { type: 3, name: 'X', permissions: '/user/admin/member/list,/user/admin/nope,/x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      '/user/admin/nope, /x are not API addresses of this server: use addresses such as /user/admin/member/list, separated by commas',
    );
  });

  it('refuses cycles, button parents and missing parents', async () => {
    const list = await tree();
    const org = find(list, '/org')!;
    const user = find(list, '/org/user')!;
    const cycle = await post('/user/admin/menu/edit', { ...org, parentId: user.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toMatch(/^.* is below this menu, which would make a cycle/);
    expect((await post('/user/admin/menu/edit', { ...org, parentId: org.id })).json().message).toMatch(/cannot be its own parent/);
    const button = user.children[0]!;
    expect((await post('/user/admin/menu/edit', { type: 3, name: 'Y', parentId: button.id })).json().message).toMatch(/is a button and cannot hold entries/);
    expect((await post('/user/admin/menu/edit', { type: 3, name: 'Y', parentId: 2 ** 31 - 1 })).statusCode).toBe(400);
  });

  it('refuses to delete an entry with children', async () => {
    const user = find(await tree(), '/org/user')!;
    expect(user.children.length).toBeGreaterThan(0);
    const res = await post('/user/admin/menu/delete', { id: user.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`用户管理 has ${user.children.length} child entries: delete or move them first`);
  });

  it('gives directories and menus (no buttons) as parent options', async () => {
    const list = (await get('/user/admin/menu/option')).json().data.list as { type: number; children: { type: number; children: unknown[] }[] }[];
    const types = (nodes: { type: number; children: unknown[] }[]): number[] => nodes.flatMap((n) => [n.type, ...types(n.children as never)]);
    expect(new Set(types(list))).toEqual(new Set([1, 2]));
  });

  it('lets a granted tenant user read the catalogue but only the platform super admin change it', async () => {
    expect((await get('/user/admin/menu/list', viewer)).json().code).toBe(0);
    const id = find(await tree(), '/dashboard')!.id;
    for (const [url, body] of [
      ['/user/admin/menu/edit', { id, type: 2, name: 'Hacked' }],
      ['/user/admin/menu/delete', { id }],
      ['/user/admin/menu/status', { id, status: 2 }],
    ] as const) {
      const res = await post(url, body, viewer);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/^Menus are the platform catalogue: only the platform super administrator can change them/);
    }
  });
});
