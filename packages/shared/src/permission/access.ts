import type { CurrentUser } from '../contracts/member.contract';

/**
 * Named capabilities of the current user (the ant-design-pro `access.ts` pattern). Routes and buttons
 * name the capability they need; a name missing from the map means no access (spec section 6).
 */
export interface Access {
  /** May open the admin console at all: the platform super admin, or anyone holding a permission. */
  canAdmin: boolean;
  /** Holds this permission string (an API address such as '/user/admin/member/list'). */
  hasPermission: (permission: string) => boolean;
  [name: string]: boolean | ((...args: string[]) => boolean);
}

export function access(user: CurrentUser | null | undefined): Access {
  const held = new Set(user?.permissions ?? []);
  const isSuperAdmin = user?.isSuperAdmin === true;
  return {
    canAdmin: !!user && (isSuperAdmin || held.size > 0),
    hasPermission: (permission) => !!user && (isSuperAdmin || held.has(permission)),
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
