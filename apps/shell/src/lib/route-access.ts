import { checkAccess, pathMatches, type Access } from '@uc/shared';

/**
 * The console's routes inside the main layout, each naming its access entry (the ant-design-pro
 * `access: 'canX'` pattern). A function entry is called with `arg` (default: the route's own path).
 * Remote areas are listed too: the shell guards them before it hands the path to the remote.
 */
export interface RouteAccess {
  path: string;
  /** Name of an entry of the access map; a route without one is decided by its children. */
  access?: string;
  /** Argument for a function entry; defaults to the route path. */
  arg?: string;
  children?: RouteAccess[];
}

const menuRoute = (path: string, arg?: string): RouteAccess => ({ path, access: 'canMenu', ...(arg ? { arg } : {}) });

export const ROUTE_ACCESS: RouteAccess[] = [
  { path: '/dashboard', access: 'canUser' },
  { path: '/error/403', access: 'canUser' },
  { path: '/error/404', access: 'canUser' },
  { path: '/error/500', access: 'canUser' },
  { path: '/account/center', access: 'canUser' },
  { path: '/account/settings', access: 'canUser' },
  { path: '/org', children: [menuRoute('/org/user'), menuRoute('/org/dept'), menuRoute('/org/post')] },
  { path: '/permission', children: [menuRoute('/permission/role'), menuRoute('/permission/menu'), menuRoute('/permission/openaccess')] },
  {
    path: '/home',
    children: [
      menuRoute('/home/account'),
      menuRoute('/home/message'),
      // Detail pages are hidden menu entries; whoever may read the list may open its items.
      { path: '/home/message/:id', access: 'canMenu', arg: '/home/message' },
      menuRoute('/home/upgrade/logs'),
    ],
  },
  {
    path: '/tenant',
    children: [
      menuRoute('/tenant/policy'),
      menuRoute('/tenant/invite'),
      menuRoute('/tenant/manage'),
      { path: '/tenant/details/:id', access: 'canMenu', arg: '/tenant/manage' },
      menuRoute('/tenant/user/list'),
      menuRoute('/tenant/user/recycle'),
    ],
  },
  menuRoute('/pt/bind'),
];

/** Whether one route may be opened: its own entry (missing = no), and for a parent, any child. */
export function routeAllowed(route: RouteAccess, map: Access): boolean {
  const own = route.access === undefined ? true : checkAccess(map, route.access, route.arg ?? route.path);
  if (!own) return false;
  if (route.children && route.children.length > 0) return route.children.some((c) => routeAllowed(c, map));
  return route.access !== undefined;
}

/** The deepest route of the table whose path is or begins the given path. */
export function findRoute(pathname: string, table: RouteAccess[] = ROUTE_ACCESS): RouteAccess | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  // The most specific sibling first: '/home/message/:id' before '/home/message'.
  const bySpecificity = [...table].sort((a, b) => b.path.split('/').length - a.path.split('/').length);
  for (const route of bySpecificity) {
    const depth = route.path.split('/').length;
    const head = path.split('/').slice(0, depth).join('/');
    if (!pathMatches(route.path, head)) continue;
    const child = route.children ? findRoute(path, route.children) : undefined;
    return child ?? route;
  }
  return undefined;
}

/**
 * May the user open this address? `undefined` when no route of the table claims it (an addon's
 * remote route: then the menu decides, as for every server-driven route).
 */
export function pathAllowed(pathname: string, map: Access, table: RouteAccess[] = ROUTE_ACCESS): boolean {
  const route = findRoute(pathname, table);
  if (route) return routeAllowed(route, map);
  const parts = pathname.replace(/\/+$/, '').split('/');
  // An addon page may have deeper addresses than its menu entry: the nearest menu ancestor decides.
  return parts.some((_, i) => i > 0 && checkAccess(map, 'canMenu', parts.slice(0, i + 1).join('/')));
}
