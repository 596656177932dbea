import { type AdminMenuItem, type HeaderMenuItem, menuType } from '@uc/contracts';
import type { MenuRow } from './menu-grants.repository';

/** The side menu: directories and menus (no buttons, no hidden entries) as a tree, rows already sorted. */
export function adminMenuTree(rows: readonly MenuRow[], addon: string): AdminMenuItem[] {
  const shown = rows.filter((m) => m.type !== menuType.button && !m.hidden && m.addon === addon);
  const ids = new Set(shown.map((m) => m.id));
  const items = new Map<number, AdminMenuItem>();
  for (const m of shown) {
    items.set(m.id, {
      id: m.id,
      name: m.name,
      locale: m.locale,
      path: m.path,
      icon: m.icon,
      remark: m.remark,
      redirect: m.redirect,
      hidden: m.hidden,
      children: [],
    });
  }
  const roots: AdminMenuItem[] = [];
  for (const m of shown) {
    const item = items.get(m.id);
    if (!item) continue;
    const parent = m.parentId !== null && ids.has(m.parentId) ? items.get(m.parentId) : undefined;
    // An entry whose parent is hidden or not granted is not shown either (it has nowhere to hang).
    if (parent) parent.children.push(item);
    else if (m.parentId === null) roots.push(item);
  }
  return roots;
}

/** The header app menu: one item per top-level area the caller may open. */
export function headerMenu(rows: readonly MenuRow[]): HeaderMenuItem[] {
  return rows
    .filter((m) => m.parentId === null && m.type !== menuType.button && !m.hidden)
    .map((m) => ({ addon: m.addon, title: m.name, icon: m.icon, remark: m.remark, path: m.path, affix: m.affix }));
}
