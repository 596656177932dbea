import { and, eq, inArray, sql } from 'drizzle-orm';
import { dataScope, menuType, Status } from '@uc/contracts';
import type { Db } from '../../db/client';
import { roleMenus, roles, userRoles, users } from '../../db/schema';
import { withAncestors, withDescendants } from '../../lib/tree';
import { grantedMenuIds, type Session } from '../auth/access';
import { deptIdsByRole, menuTypes, tenantDepts, tenantRoles } from './role.repository';
import { rowsOf } from '../../db/typed';

/*
 * What a caller holds, and so may grant (DESIGN.md section 5: nobody grants what they do not hold).
 * - Menus: the platform super admin holds the whole catalogue; anyone else the menus their enabled
 *   roles grant, plus the directories above them (a directory carries no permission of its own).
 * - Roles: super admin and holders of the tenant's default administrator role hold every role of the
 *   tenant; anyone else holds their own roles and the roles below them, and manages only those below.
 * - Data scopes: a scope is held when the caller's own scope is at least as wide. All (1) covers
 *   everything; department and below (3) covers 3, 2 and 5; own department (2) covers 2 and 5; self
 *   (5) is everyone's. Scopes 2 and 3 are relative to each user's own department, so they compare by
 *   width; custom departments (4) are held when each chosen department lies in the caller's reach.
 */
export interface Holdings {
  /** Super admin, or a holder of the tenant's default administrator role. */
  isAdmin: boolean;
  menuIds: Set<number> | 'all';
  /** Roles the caller may grant to users (their own and the ones below). */
  roleIds: Set<number>;
  /** Roles the caller may edit, delete and re-grant (below their own; all for admins). */
  manageableRoleIds: Set<number>;
  /** Data scopes of the caller's enabled roles. */
  scopes: Set<number>;
  /** Departments within the caller's reach (custom, own, own and below); 'all' for scope 1. */
  deptIds: Set<number> | 'all';
}

export async function holdingsOf(db: Db, session: Session): Promise<Holdings> {
  if (session.operator) return operatorHoldings(db, session.tenantId);
  const tenantId = session.tenantId;
  const own = await db
    .select({ id: roles.id, dataScope: roles.dataScope, isDefaultAdmin: roles.isDefaultAdmin })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, session.userId), eq(roles.status, Status.enabled)));
  const all = await tenantRoles(db, tenantId);
  const me = await db
    .select({ deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, session.userId)));
  const menuRows = session.isSuperAdmin ? [] : await menuTypes(db);
  const granted = session.isSuperAdmin ? [] : await rowsOf<{ menu_id: number | string }>(db, sql`${grantedMenuIds(tenantId, session.userId)}`);
  const isAdmin = session.isSuperAdmin || own.some((r) => r.isDefaultAdmin);
  const roleParents = new Map(all.map((r) => [r.id, r.parentId]));
  const allRoleIds = new Set(all.map((r) => r.id));
  const ownIds = own.map((r) => r.id);
  const manageable = new Set([...withDescendants(ownIds, roleParents)].filter((id) => !ownIds.includes(id)));

  let menuIds: Holdings['menuIds'] = 'all';
  if (!session.isSuperAdmin) {
    const ids = granted.map((r) => Number(r.menu_id));
    const parentOf = new Map(menuRows.map((m) => [m.id, m.parentId]));
    const directories = new Set(menuRows.filter((m) => m.type === menuType.directory).map((m) => m.id));
    menuIds = new Set([...ids, ...[...withAncestors(ids, parentOf)].filter((id) => directories.has(id))]);
  }

  const scopes = new Set(own.map((r) => r.dataScope));
  let deptIds: Holdings['deptIds'] = 'all';
  if (!session.isSuperAdmin && !scopes.has(dataScope.all)) {
    const reach = new Set<number>();
    const custom = await deptIdsByRole(
      db,
      tenantId,
      own.filter((r) => r.dataScope === dataScope.customDepts).map((r) => r.id),
    );
    for (const list of custom.values()) for (const d of list) reach.add(d);
    const myDept = me[0]?.deptId ?? null;
    if (myDept !== null && scopes.has(dataScope.ownDept)) reach.add(myDept);
    if (myDept !== null && scopes.has(dataScope.deptAndBelow)) {
      const deptRows = await tenantDepts(db, tenantId);
      for (const d of withDescendants([myDept], new Map(deptRows.map((r) => [r.id, r.parentId])))) reach.add(d);
    }
    deptIds = reach;
  }

  return {
    isAdmin,
    menuIds,
    roleIds: isAdmin ? allRoleIds : withDescendants(ownIds, roleParents),
    manageableRoleIds: isAdmin ? allRoleIds : manageable,
    scopes: session.isSuperAdmin ? new Set([1, 2, 3, 4, 5]) : scopes,
    deptIds,
  };
}

/**
 * A platform administrator acting in a tenant holds what the tenant's own administrator holds: every
 * role, department and scope of the tenant, and the menus of its default administrator roles (the
 * policy's allowed menus), so the platform cannot grant a tenant more than its policy through a role.
 */
async function operatorHoldings(db: Db, tenantId: number): Promise<Holdings> {
  const all = await tenantRoles(db, tenantId);
  const adminRoleIds = all.filter((r) => r.isDefaultAdmin).map((r) => r.id);
  const menuRows = await menuTypes(db);
  const granted =
    adminRoleIds.length === 0
      ? []
      : await db
          .selectDistinct({ menuId: roleMenus.menuId })
          .from(roleMenus)
          .where(and(eq(roleMenus.tenantId, tenantId), inArray(roleMenus.roleId, adminRoleIds)));
  const ids = granted.map((r) => r.menuId);
  const parentOf = new Map(menuRows.map((m) => [m.id, m.parentId]));
  const directories = new Set(menuRows.filter((m) => m.type === menuType.directory).map((m) => m.id));
  const allRoleIds = new Set(all.map((r) => r.id));
  return {
    isAdmin: true,
    menuIds: new Set([...ids, ...[...withAncestors(ids, parentOf)].filter((id) => directories.has(id))]),
    roleIds: allRoleIds,
    manageableRoleIds: allRoleIds,
    scopes: new Set([1, 2, 3, 4, 5]),
    deptIds: 'all',
  };
}

/** Whether the caller may hand out this data scope (with these custom departments). */
export function holdsScope(h: Holdings, scope: number, deptIds: readonly number[]): boolean {
  if (h.scopes.has(dataScope.all)) return true;
  switch (scope) {
    case dataScope.self:
      return true;
    case dataScope.ownDept:
      return h.scopes.has(dataScope.ownDept) || h.scopes.has(dataScope.deptAndBelow);
    case dataScope.deptAndBelow:
      return h.scopes.has(dataScope.deptAndBelow);
    case dataScope.customDepts:
      return h.deptIds === 'all' || deptIds.every((d) => (h.deptIds as Set<number>).has(d));
    default:
      return false;
  }
}

export const holdsMenu = (h: Holdings, id: number): boolean => h.menuIds === 'all' || h.menuIds.has(id);
