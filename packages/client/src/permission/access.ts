import type { CurrentUser, AdminMenuItem } from '@uc/contracts';

/**
 * Named capabilities of the current user (the ant-design-pro `access.ts` pattern). Routes and buttons
 * name the capability they need; a name missing from the map means no access (spec section 6).
 */
export interface Access {
  /** Signed in at all. */
  canUser: boolean;
  /** May open the admin console at all: the platform super admin, or anyone holding a permission. */
  canAdmin: boolean;
  /** Holds this permission string (an API address such as '/user/admin/member/list'). */
  hasPermission: (permission: string) => boolean;
  /**
   * The admin menu (server-driven, per user) offers this route path; menu paths may carry
   * parameters ('/home/message/:id'), matched segment by segment.
   */
  canMenu: (path: string) => boolean;
  [name: string]: boolean | ((...args: string[]) => boolean);
}

/** Every routing address of the menu tree, external links left out. */
export function menuPaths(menu: readonly AdminMenuItem[]): string[] {
  return menu.flatMap((m) => [...(m.path && !/^https?:/.test(m.path) ? [m.path] : []), ...menuPaths(m.children)]);
}

/** '/home/message/:id' matches '/home/message/7'; a trailing slash is ignored. */
export function pathMatches(pattern: string, path: string): boolean {
  const a = pattern.replace(/\/+$/, '').split('/');
  const b = path.replace(/\/+$/, '').split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? !!b[i] : seg === b[i]));
}

export function access(user: CurrentUser | null | undefined, menu: readonly AdminMenuItem[] = []): Access {
  const held = new Set(user?.permissions ?? []);
  const isSuperAdmin = user?.isSuperAdmin === true;
  const paths = menuPaths(menu);
  return {
    canUser: !!user,
    canAdmin: !!user && (isSuperAdmin || held.size > 0),
    hasPermission: (permission) => !!user && (isSuperAdmin || held.has(permission)),
    canMenu: (path) => !!user && (isSuperAdmin || paths.some((p) => pathMatches(p, path))),
  };
}

/** A boolean entry decides, a function entry decides by its result, a missing entry denies. */
export function checkAccess(map: Access, name: string, ...args: string[]): boolean {
  const entry = map[name];
  if (typeof entry === 'function') return entry(...args) === true;
  return entry === true;
}

/** A parent route is inaccessible when all its children are (spec section 6). */
export function anyAccessible(map: Access, names: string[]): boolean {
  return names.some((name) => checkAccess(map, name));
}
