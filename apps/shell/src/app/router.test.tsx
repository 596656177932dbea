import type { RouteObject } from 'react-router-dom';
import { SHELL_PAGES } from '@uc/contracts';
import { areaTarget, firstPage } from './area-redirect';
import { routes } from './router';
import { ROUTE_ACCESS } from '../lib/route-access';
import { testMenuItem } from '@uc/testing';

/** Every concrete path the router serves without a remote (the splat and dynamic routes excluded). */
function servedPaths(list: RouteObject[], base = ''): string[] {
  return list.flatMap((r) => {
    const path = r.path === undefined ? base : `${base}/${r.path}`.replace(/\/+/g, '/');
    const own = r.path && !r.path.includes('*') && !r.path.includes(':') ? [path] : [];
    return [...own, ...servedPaths(r.children ?? [], path)];
  });
}

const item = testMenuItem;

describe('the shell router', () => {
  it("serves every page of its access table and every page the server's menus count as the shell's", () => {
    const served = new Set(servedPaths(routes));
    const missing = [...ROUTE_ACCESS.map((r) => r.path), ...SHELL_PAGES].filter((path) => !served.has(path));
    expect(missing).toEqual([]);
  });

  it("sends an area's address to its redirect when the menu holds it, else to its first page, else nowhere", () => {
    const menu = [
      item('/org', [item('/org/user'), item('/org/dept')], { redirect: '/org/dept' }),
      item('/tenant', [item('/tenant/details/:id', [], { hidden: true }), item('/tenant/invite')], { redirect: '/tenant/policy' }),
      item('/empty'),
    ];
    expect(areaTarget(menu, 'org')).toBe('/org/dept');
    // The redirect names a page this user's menu does not hold (not served, or not granted).
    expect(areaTarget(menu, 'tenant')).toBe('/tenant/invite');
    expect(areaTarget(menu, 'empty')).toBeUndefined();
    expect(areaTarget(menu, 'nothing')).toBeUndefined();
  });

  it('serves no dashboard of its own: /dashboard opens the workplace through the menu, or the first page when the menu has none', () => {
    const served = new Set(servedPaths(routes));
    expect(served.has('/dashboard')).toBe(false);
    const dashboard = item('/dashboard', [item('/dashboard/workplace'), item('/dashboard/analysis')], { redirect: '/dashboard/workplace' });
    expect(areaTarget([dashboard, item('/org', [item('/org/user')])], 'dashboard')).toBe('/dashboard/workplace');
    // The home remote disabled: the menu has no dashboard, and a sign-in lands on the first page there is.
    const without = [
      item('/docs', [], { hidden: true }),
      item('https://example.com/help'),
      item('/org', [item('/org/user', [], { hidden: true }), item('/org/dept')]),
    ];
    expect(firstPage(without)).toBe('/org/dept');
    expect(firstPage([])).toBeUndefined();
  });
});
