import { Status, type DeptGrantNode, type MenuGrantNode, type RoleNode, type RoleOption, type roleInputSchema, dataScope } from '@uc/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { toTree, withAncestors } from '../../lib/tree';
import type { Session } from '../auth/access';
import { holdingsOf, holdsMenu, holdsScope, type Holdings } from './role.holdings';
import {
  childRoleCount,
  deleteRole,
  deptIdsByRole,
  findRole,
  findRoleByKey,
  insertRole,
  isSuperAdminRole,
  lockRole,
  menuIdsOfRole,
  menuTypes,
  replaceRoleDepts,
  replaceRoleMenus,
  roleHolderCount,
  tenantDepts,
  tenantRoles,
  toRoleRecord,
  updateRole,
  type RoleRow,
} from './role.repository';
import { assertQuota } from '../quota/quota';

// The same answer for an id of another tenant as for one that never existed: nothing leaks.
const missing = () => notFound('There is no such role in your tenant: reload the role list');

/** The tenant's roles as a tree; a keyword keeps matching names and keys with their ancestors. */
export async function roleTree(db: Db, session: Session, keyword?: string): Promise<RoleNode[]> {
  let rows = await tenantRoles(db, session.tenantId);
  const deptIds = await deptIdsByRole(db, session.tenantId);
  const k = keyword?.toLowerCase();
  if (k) {
    const hits = rows.filter((r) => r.name.toLowerCase().includes(k) || r.key.toLowerCase().includes(k)).map((r) => r.id);
    const keep = withAncestors(hits, new Map(rows.map((r) => [r.id, r.parentId])));
    rows = rows.filter((r) => keep.has(r.id));
  }
  return toTree(rows, (r): RoleNode => ({ ...toRoleRecord(r, deptIds.get(r.id) ?? [], session.tenantIsPlatform), children: [] }));
}

export async function viewRole(db: Db, session: Session, id: number) {
  const row = await findRole(db, session.tenantId, id);
  if (!row) throw missing();
  const deptIds = await deptIdsByRole(db, session.tenantId, [id]);
  const menuIds = await menuIdsOfRole(db, session.tenantId, id);
  const userCount = await roleHolderCount(db, session.tenantId, id);
  return { ...toRoleRecord(row, deptIds.get(id) ?? [], session.tenantIsPlatform), menuIds, userCount };
}

/**
 * Enabled roles the caller may grant, as a tree (a role whose parent is not grantable is a root). Never
 * the platform's super administrator role: being the super administrator is a property of an account,
 * not something a role hands out, so no grant makes another super administrator and the role never
 * seems to grant what it does not (member/edit refuses it through grantableRoleIds).
 */
export async function roleOptions(db: Db, session: Session): Promise<RoleOption[]> {
  const h = await holdingsOf(db, session);
  const rows = (await tenantRoles(db, session.tenantId)).filter(
    (r) => r.status === Status.enabled && h.roleIds.has(r.id) && !isSuperAdminRole(r, session.tenantIsPlatform),
  );
  return toTree(rows, (r): RoleOption => ({ id: r.id, name: r.name, key: r.key, children: [] }));
}

async function manageable(db: Db, session: Session, h: Holdings, id: number): Promise<RoleRow> {
  const row = await findRole(db, session.tenantId, id);
  if (!row) throw missing();
  if (!h.manageableRoleIds.has(id)) {
    throw forbidden('You cannot change the role {name}: you may change only roles below your own; ask an administrator of your tenant', { name: row.name });
  }
  return row;
}

function checkScope(h: Holdings, scope: number, deptIds: number[]): void {
  if (scope === dataScope.customDepts && deptIds.length === 0) {
    throw badRequest('deptIds: the custom data scope needs at least one department: choose departments or another scope');
  }
  if (!holdsScope(h, scope, deptIds)) {
    throw forbidden('You cannot grant a data scope wider than your own: choose a narrower scope or departments within your reach');
  }
}

async function checkParent(db: Db, session: Session, h: Holdings, id: number | undefined, parentId: number | null): Promise<void> {
  if (parentId === null) {
    if (!h.isAdmin) throw forbidden('Only administrators create top-level roles: choose a parent role below your own');
    return;
  }
  if (parentId === id) throw badRequest('parentId: a role cannot be its own parent: choose another parent');
  const all = await tenantRoles(db, session.tenantId);
  const parent = all.find((r) => r.id === parentId);
  if (!parent) throw badRequest('parentId: there is no role {id} in your tenant: choose an existing parent role', { id: parentId });
  if (!h.roleIds.has(parentId)) throw forbidden('You do not hold the role {name}: choose a parent role you hold', { name: parent.name });
  if (id !== undefined && withAncestors([parentId], new Map(all.map((r) => [r.id, r.parentId]))).has(id)) {
    throw badRequest("parentId: {name} is below this role, which would make a cycle: choose a parent outside this role's branch", { name: parent.name });
  }
}

/** Creates or updates a role with its data scope; the key stays unique in the tenant. */
export async function saveRole(db: Db, session: Session, input: z.output<typeof roleInputSchema>): Promise<number> {
  const h = await holdingsOf(db, session);
  const existing = input.id === undefined ? undefined : await manageable(db, session, h, input.id);
  if (!existing) await assertQuota(db, session.tenantId, 'roles');
  await checkParent(db, session, h, input.id, input.parentId);
  const deptIds = input.dataScope === dataScope.customDepts ? [...new Set(input.deptIds)].sort((a, b) => a - b) : [];
  const known = new Set((await tenantDepts(db, session.tenantId)).map((d) => d.id));
  const unknown = deptIds.filter((d) => !known.has(d));
  if (unknown.length > 0)
    throw badRequest('deptIds: there is no department {ids} in your tenant: choose departments from the tree', { ids: unknown.join(', ') });
  checkScope(h, input.dataScope, deptIds);
  const holder = await findRoleByKey(db, session.tenantId, input.key);
  if (holder && holder.id !== input.id)
    throw conflict('Permission code {key} is used by the role {name} in your tenant: choose another code', { key: input.key, name: holder.name });
  if (existing?.isDefaultAdmin && input.status !== Status.enabled) throw conflict("The tenant's default administrator role cannot be disabled");
  const values = {
    parentId: input.parentId,
    name: input.name,
    key: input.key,
    dataScope: input.dataScope,
    sort: input.sort,
    status: input.status,
    remark: input.remark,
  };
  const id = existing ? existing.id : await insertRole(db, session.tenantId, values);
  if (existing) await updateRole(db, session.tenantId, id, values);
  await replaceRoleDepts(db, session.tenantId, id, deptIds);
  return id;
}

/**
 * Deletes a role nobody holds. While users hold it the delete is refused with their number: taking it
 * from them is an edit of each user (with that call's checks of who may act on whom), never a side
 * effect of a delete they were not told about. Users in the recycle bin lose it with the role.
 */
export async function removeRole(db: Db, session: Session, id: number): Promise<void> {
  const h = await holdingsOf(db, session);
  const row = await manageable(db, session, h, id);
  if (row.isDefaultAdmin) throw conflict('{name} is the default administrator role of your tenant and cannot be deleted', { name: row.name });
  // Locked first: a grant of the role made meanwhile either is counted or waits and then fails.
  await lockRole(db, session.tenantId, id);
  const holders = await roleHolderCount(db, session.tenantId, id);
  if (holders > 0)
    throw conflict(
      holders === 1
        ? 'The role {name} is held by {count} user: take it from them on the users page first, or disable the role to suspend what it grants'
        : 'The role {name} is held by {count} users: take it from them on the users page first, or disable the role to suspend what it grants',
      { name: row.name, count: holders },
    );
  const n = await childRoleCount(db, session.tenantId, id);
  if (n > 0)
    throw conflict(n === 1 ? '{name} has {count} child role: delete or move it first' : '{name} has {count} child roles: delete or move them first', {
      name: row.name,
      count: n,
    });
  await deleteRole(db, session.tenantId, id);
}

export async function setRoleStatus(db: Db, session: Session, id: number, status: number): Promise<void> {
  const h = await holdingsOf(db, session);
  const row = await manageable(db, session, h, id);
  if (row.isDefaultAdmin && status !== Status.enabled)
    throw conflict('{name} is the default administrator role of your tenant and cannot be disabled', { name: row.name });
  await updateRole(db, session.tenantId, id, { status });
}

/**
 * Replaces a role's menus. Entries the caller does not hold cannot be added; those the role already
 * has stay as they are (someone above granted them, and the caller can neither see nor revoke them).
 */
export async function grantMenus(db: Db, session: Session, id: number, menuIds: number[]): Promise<number[]> {
  const h = await holdingsOf(db, session);
  const role = await manageable(db, session, h, id);
  if (isSuperAdminRole(role, session.tenantIsPlatform))
    throw conflict(
      '{name} is the super administrator role: the super administrator holds every permission by their account, so there are no menus to choose for it',
      {
        name: role.name,
      },
    );
  const menuRows = await menuTypes(db);
  const names = new Map(menuRows.map((m) => [m.id, m.name]));
  const asked = [...new Set(menuIds)];
  const unknown = asked.filter((m) => !names.has(m));
  if (unknown.length > 0) throw badRequest('menuIds: there is no menu {ids}: reload the permission tree', { ids: unknown.join(', ') });
  const current = await menuIdsOfRole(db, session.tenantId, id);
  const refused = asked.filter((m) => !holdsMenu(h, m) && !current.includes(m));
  if (refused.length > 0) {
    throw forbidden('You cannot grant menus you do not hold yourself: {menus}; remove them or ask an administrator', {
      menus: refused.map((m) => names.get(m)).join(', '),
    });
  }
  const kept = current.filter((m) => !holdsMenu(h, m));
  const final = [...new Set([...asked.filter((m) => holdsMenu(h, m)), ...kept])].sort((a, b) => a - b);
  await replaceRoleMenus(db, session.tenantId, id, final);
  return final;
}

/** The catalogue for the permission editor: what the caller holds, with the directories above it. */
export async function menuGrantTree(db: Db, session: Session): Promise<MenuGrantNode[]> {
  const h = await holdingsOf(db, session);
  const rows = await menuTypes(db);
  const shown = h.menuIds === 'all' ? null : withAncestors(h.menuIds, new Map(rows.map((m) => [m.id, m.parentId])));
  return toTree(
    rows.filter((m) => !shown || shown.has(m.id)),
    (m): MenuGrantNode => ({ id: m.id, type: m.type, name: m.name, locale: m.locale, grantable: holdsMenu(h, m.id), children: [] }),
  );
}

/** The tenant's departments for the custom scope, grantable where the caller's own scope reaches. */
export async function deptGrantTree(db: Db, session: Session): Promise<DeptGrantNode[]> {
  const h = await holdingsOf(db, session);
  const rows = await tenantDepts(db, session.tenantId);
  return toTree(rows, (d): DeptGrantNode => ({ id: d.id, name: d.name, grantable: holdsScope(h, dataScope.customDepts, [d.id]), children: [] }));
}
