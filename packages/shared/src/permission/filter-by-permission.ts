import type { Access } from './access';

/** Something shown only to holders of a permission string (or of every one of several). */
export interface PermissionGated {
  /** API address(es) the user must hold; none means everyone signed in sees it. */
  permission?: string | readonly string[];
}

/** The items the user may see: a button group filtered by the permissions list of member/info. */
export function filterByPermission<T extends PermissionGated>(items: readonly T[], map: Access): T[] {
  return items.filter((item) => {
    if (item.permission === undefined) return true;
    const needed = typeof item.permission === 'string' ? [item.permission] : item.permission;
    return needed.every((p) => map.hasPermission(p));
  });
}
