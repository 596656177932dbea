import { ALL_CALLS, menuType, type MenuNode, type MenuOption, type menuInputSchema } from '@uc/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { toTree, withAncestors } from '../../lib/tree';
import type { Session } from '../auth/access';
import { allMenus, childCount, deleteMenu, findMenu, findMenuByAlias, insertMenu, toMenuRecord, updateMenu, type MenuValues } from './menu.repository';
import { splitPermissions } from './menu-grants.repository';

const KNOWN_ADDRESSES = new Set(ALL_CALLS.map((c) => c.path));

/** Menus are the platform's catalogue: reading needs the permission, changing it the platform super admin. */
export function requireCatalogueEditor(session: Session): void {
  if (!session.isSuperAdmin) {
    throw forbidden('Menus are the platform catalogue: only the platform super administrator can change them; ask them to make this change');
  }
}

/** The catalogue as a tree; a keyword keeps entries whose name, locale key, path or alias contains it, with their ancestors. */
export async function menuTree(db: Db, q: { keyword?: string; client?: number }): Promise<MenuNode[]> {
  let rows = await allMenus(db);
  if (q.client) rows = rows.filter((m) => m.client === q.client);
  const keyword = q.keyword?.toLowerCase();
  if (keyword) {
    const hits = rows.filter((m) => [m.name, m.locale, m.path, m.alias].some((v) => v.toLowerCase().includes(keyword))).map((m) => m.id);
    const keep = withAncestors(hits, new Map(rows.map((m) => [m.id, m.parentId])));
    rows = rows.filter((m) => keep.has(m.id));
  }
  return toTree(rows, (m): MenuNode => ({ ...toMenuRecord(m), children: [] }));
}

/** Directories and menus (buttons cannot hold children), for the parent picker. */
export async function menuOptions(db: Db): Promise<MenuOption[]> {
  const rows = (await allMenus(db)).filter((m) => m.type !== menuType.button);
  return toTree(rows, (m): MenuOption => ({ id: m.id, name: m.name, locale: m.locale, type: m.type, children: [] }));
}

export async function viewMenu(db: Db, id: number) {
  const row = await findMenu(db, id);
  if (!row) throw notFound('There is no such menu: reload the menu list');
  return toMenuRecord(row);
}

/**
 * Every address must be a call of this server. Addresses the entry already carries are kept as they
 * are (the seed names screens of later releases); newly added ones are checked.
 */
function checkPermissions(list: string, existing: string): string {
  const kept = new Set(splitPermissions([existing]));
  const addresses = splitPermissions([list]);
  const unknown = addresses.filter((p) => !kept.has(p) && !KNOWN_ADDRESSES.has(p));
  if (unknown.length > 0) {
    const template =
      unknown.length === 1
        ? 'permissions: {addresses} is not an API address of this server: use addresses such as /user/admin/member/list, separated by commas'
        : 'permissions: {addresses} are not API addresses of this server: use addresses such as /user/admin/member/list, separated by commas';
    throw badRequest(template, { addresses: unknown.join(', ') });
  }
  return addresses.join(',');
}

async function checkParent(db: Db, id: number | undefined, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  if (parentId === id) throw badRequest('parentId: a menu cannot be its own parent: choose another parent or none');
  const parent = await findMenu(db, parentId);
  if (!parent) throw badRequest('parentId: there is no menu {id}: choose an existing parent or none', { id: parentId });
  if (parent.type === menuType.button)
    throw badRequest('parentId: {name} is a button and cannot hold entries: choose a directory or menu', { name: parent.name });
  if (id === undefined) return;
  const parentOf = new Map((await allMenus(db)).map((m) => [m.id, m.parentId]));
  if (withAncestors([parentId], parentOf).has(id)) {
    throw badRequest("parentId: {name} is below this menu, which would make a cycle: choose a parent outside this menu's branch", { name: parent.name });
  }
}

/** Creates or updates an entry after the checks of the editor: name, parent, alias, permissions. */
export async function saveMenu(db: Db, input: z.output<typeof menuInputSchema>): Promise<number> {
  const existing = input.id === undefined ? undefined : await findMenu(db, input.id);
  if (input.id !== undefined && !existing) throw notFound('There is no such menu: reload the menu list');
  await checkParent(db, input.id, input.parentId);
  if (input.alias) {
    const holder = await findMenuByAlias(db, input.alias);
    if (holder && holder.id !== input.id)
      throw conflict('Routing alias must be unique: {alias} is used by menu {id}; choose another alias', { alias: input.alias, id: holder.id });
  }
  const { id, ...fields } = input;
  const values: MenuValues = { ...fields, permissions: checkPermissions(input.permissions, existing?.permissions ?? '') };
  if (id === undefined) return insertMenu(db, values);
  await updateMenu(db, id, values);
  return id;
}

export async function removeMenu(db: Db, id: number): Promise<void> {
  const row = await findMenu(db, id);
  if (!row) throw notFound('There is no such menu: reload the menu list');
  const n = await childCount(db, id);
  if (n > 0)
    throw conflict(n === 1 ? '{name} has {count} child entry: delete or move it first' : '{name} has {count} child entries: delete or move them first', {
      name: row.name,
      count: n,
    });
  await deleteMenu(db, id);
}

export async function setMenuStatus(db: Db, id: number, status: number): Promise<void> {
  if (!(await findMenu(db, id))) throw notFound('There is no such menu: reload the menu list');
  await updateMenu(db, id, { status });
}
