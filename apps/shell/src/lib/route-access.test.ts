import { type RemoteEntry } from '@uc/contracts';
import { access, type Access } from '@uc/client';
import { findRoute as find, pathAllowed as allowed, routeAllowed, ROUTE_ACCESS, routeTable, type RouteAccess } from './route-access';
import { testMenuItem, testUser } from '@uc/testing';

const user = testUser({ id: 2, username: 'ann', isSuperAdmin: false, permissions: ['/x'] });
const item = testMenuItem;
const menu = [item('/dashboard'), item('/org', [item('/org/user')]), item('/home', [item('/home/message')]), item('/addon/thing')];

const page = (path: string, accessAs?: string) => ({ path, title: { 'zh-CN': path, 'en-US': path }, ...(accessAs ? { accessAs } : {}) });
const remote = (name: string, pages: ReturnType<typeof page>[]): RemoteEntry => ({
  name,
  entry: `/user/web/remotes/${name}/1/mf-manifest.json`,
  version: '1',
  routes: pages.filter((p) => !p.path.includes(':')).map((p) => p.path),
  title: {},
  icon: '',
  pages,
  refused: [],
});
/** What the registry declares: the routes are derived from it, not typed in the shell. */
const registry = [
  remote('org', [page('/org/user'), page('/org/dept')]),
  remote('home', [page('/home/message'), page('/home/message/:id', '/home/message')]),
  remote('tenant', [page('/tenant/manage'), page('/tenant/details/:id', '/tenant/manage'), page('/tenant/policy')]),
];

describe('route access map', () => {
  const map = access(user, menu);
  const table = routeTable(registry);
  const pathAllowed = (path: string, m: Access) => allowed(path, m, table);
  const findRoute = (path: string) => find(path, table);

  it('opens a route whose access entry says yes, and no other', () => {
    expect(pathAllowed('/org/user', map)).toBe(true);
    expect(pathAllowed('/org/dept', map)).toBe(false);
    expect(pathAllowed('/tenant/policy', map)).toBe(false);
    expect(pathAllowed('/dashboard', map)).toBe(true);
  });

  it('lets detail routes follow the list they belong to', () => {
    expect(pathAllowed('/home/message/17', map)).toBe(true);
    expect(findRoute('/home/message/17')?.path).toBe('/home/message/:id');
    expect(pathAllowed('/tenant/details/3', map)).toBe(false);
  });

  it('closes an area the menu does not hold, opens one it does', () => {
    expect(pathAllowed('/org', map)).toBe(true);
    expect(pathAllowed('/tenant', map)).toBe(false);
    expect(pathAllowed('/permission', map)).toBe(false);
  });

  it("takes a new remote's pages from the registry: nothing to add to the shell", () => {
    const withDemo = routeTable([...registry, remote('demo', [page('/demo/hello'), page('/demo/hello/:id', '/demo/hello')])]);
    const demoMenu = access(user, [...menu, item('/demo', [item('/demo/hello')])]);
    expect(allowed('/demo/hello/3', demoMenu, withDemo)).toBe(true);
    expect(allowed('/demo/hello/3', map, withDemo)).toBe(false);
    expect(find('/demo/hello/3', withDemo)?.arg).toBe('/demo/hello');
  });

  it("opens a personal page to every user, and a page the tenant policy governs only where the user's menu holds it", () => {
    const open = (path: string, byPolicy: boolean) => ({ ...page(path), everyone: true, ...(byPolicy ? { byPolicy: true } : {}) });
    const home = routeTable([remote('home', [open('/home/account', false), open('/home/upgrade/logs', true), open('/dashboard/workplace', true)])]);
    const menuOf = (...paths: string[]) =>
      access(user, [
        item(
          '/home',
          paths.map((p) => item(p)),
        ),
      ]);
    // The server left 工作台 and 升级日志 out of this menu: the tenant's policy does not allow them.
    expect(allowed('/home/account', menuOf(), home)).toBe(true);
    expect(allowed('/home/upgrade/logs', menuOf(), home)).toBe(false);
    expect(allowed('/dashboard/workplace', menuOf(), home)).toBe(false);
    expect(allowed('/home/upgrade/logs', menuOf('/home/upgrade/logs'), home)).toBe(true);
    expect(allowed('/dashboard/workplace', menuOf('/dashboard/workplace'), home)).toBe(true);
  });

  it('uses a boolean entry as is, calls a function entry, and treats a missing entry as no access', () => {
    const custom = { ...map, canFly: false, canSwim: true, canDive: (path: string) => path === '/sea' } as Access;
    const table: RouteAccess[] = [
      { path: '/air', access: 'canFly' },
      { path: '/pool', access: 'canSwim' },
      { path: '/sea', access: 'canDive' },
      { path: '/moon', access: 'canTeleport' },
      { path: '/bare' },
    ];
    expect(table.map((r) => routeAllowed(r, custom))).toEqual([false, true, true, false, false]);
  });

  it('decides addon routes (not in the table) by the menu, deeper addresses by their menu ancestor', () => {
    expect(pathAllowed('/addon/thing', map)).toBe(true);
    expect(pathAllowed('/addon/thing/5/edit', map)).toBe(true);
    expect(pathAllowed('/addon/other', map)).toBe(false);
  });

  it('opens nothing for a signed-out visitor, everything for the super admin', () => {
    const nobody = access(null, menu);
    expect(ROUTE_ACCESS.some((r) => routeAllowed(r, nobody))).toBe(false);
    const root = access({ ...user, isSuperAdmin: true }, []);
    expect(ROUTE_ACCESS.every((r) => routeAllowed(r, root))).toBe(true);
  });
});
