import { type RemoteEntry } from '@uc/contracts';
import { checkAccess, pathMatches, type Access } from '@uc/client';

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

/** The shell's own pages (the router serves each; route-access.test checks it). Remote pages come from the registry. */
export const ROUTE_ACCESS: RouteAccess[] = [
  { path: '/error/403', access: 'canUser' },
  { path: '/error/404', access: 'canUser' },
  { path: '/error/500', access: 'canUser' },
];

/**
 * The table for the remotes in the registry: the shell's pages, then every page a remote declares,
 * open to whoever's menu holds it (a detail page: whoever's menu holds the page it names in accessAs;
 * a page declared `everyone`: every signed-in user; `everyone` with `byPolicy`: whoever's menu holds
 * it, since the server puts it in every user's menu where the tenant policy allows it).
 * Nothing here is typed twice: a new remote's pages are guarded as soon as the registry lists it.
 */
export function routeTable(remotes: readonly RemoteEntry[]): RouteAccess[] {
  return [
    ...ROUTE_ACCESS,
    ...remotes.flatMap((r) => r.pages.map((p) => (p.everyone && !p.byPolicy ? { path: p.path, access: 'canUser' } : menuRoute(p.path, p.accessAs)))),
  ];
}

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
