import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { RoleRecord } from '@uc/contracts';
import type { Db } from '../../db/client';
import { depts, menus, roleDepts, roleMenus, roles, userRoles, users } from '../../db/schema';

/*
 * Roles and their grants. Every query names the tenant (the first line of isolation); the caller's
 * transaction is also under row-level security for it (db/tenant-scope.ts, the second line).
 */

export type RoleRow = typeof roles.$inferSelect;

/**
 * The platform's super administrator role (超级管理员, seeded with the platform tenant): the platform
 * tenant's default administrator role. It stands for the super administrator, whose power is their
 * account's (users.is_super_admin), so it is granted to nobody and its menus are not chosen.
 */
export const isSuperAdminRole = (r: Pick<RoleRow, 'isDefaultAdmin'>, tenantIsPlatform: boolean): boolean => tenantIsPlatform && r.isDefaultAdmin;

export function toRoleRecord(r: RoleRow, deptIds: number[], tenantIsPlatform: boolean): RoleRecord {
  return {
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    key: r.key,
    dataScope: r.dataScope,
    deptIds,
    isDefaultAdmin: r.isDefaultAdmin,
    isSuperAdmin: isSuperAdminRole(r, tenantIsPlatform),
    sort: r.sort,
    status: r.status,
    remark: r.remark,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const tenantRoles = (db: Db, tenantId: number): Promise<RoleRow[]> =>
  db.select().from(roles).where(eq(roles.tenantId, tenantId)).orderBy(asc(roles.sort), asc(roles.id));

export async function findRole(db: Db, tenantId: number, id: number): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
  return row;
}

export async function findRoleByKey(db: Db, tenantId: number, key: string): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.key, key)));
  return row;
}

/** Custom departments per role id. */
export async function deptIdsByRole(db: Db, tenantId: number, roleIds?: number[]): Promise<Map<number, number[]>> {
  const where = roleIds ? and(eq(roleDepts.tenantId, tenantId), inArray(roleDepts.roleId, roleIds)) : eq(roleDepts.tenantId, tenantId);
  const rows = roleIds?.length === 0 ? [] : await db.select().from(roleDepts).where(where).orderBy(asc(roleDepts.deptId));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.roleId, [...(out.get(r.roleId) ?? []), r.deptId]);
  return out;
}

export async function menuIdsOfRole(db: Db, tenantId: number, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)))
    .orderBy(asc(roleMenus.menuId));
  return rows.map((r) => r.id);
}

/** The role, its row locked until the transaction ends: a grant of it (its foreign key check) waits, so a count taken now stays true. */
export async function lockRole(db: Db, tenantId: number, id: number): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    .for('update');
  return row;
}

/** Users holding the role, the recycle bin left out (its users lose the role with it). */
export async function roleHolderCount(db: Db, tenantId: number, roleId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, roleId), isNull(users.deletedAt)));
  return row?.n ?? 0;
}

export async function childRoleCount(db: Db, tenantId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.parentId, id)));
  return row?.n ?? 0;
}

export type RoleValues = Pick<RoleRow, 'parentId' | 'name' | 'key' | 'dataScope' | 'sort' | 'status' | 'remark'>;

export async function insertRole(db: Db, tenantId: number, values: RoleValues): Promise<number> {
  const [row] = await db
    .insert(roles)
    .values({ ...values, tenantId })
    .returning({ id: roles.id });
  return row!.id;
}

export async function updateRole(db: Db, tenantId: number, id: number, values: Partial<RoleValues>): Promise<void> {
  await db
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

export async function deleteRole(db: Db, tenantId: number, id: number): Promise<void> {
  await db.delete(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
}

export async function replaceRoleDepts(db: Db, tenantId: number, roleId: number, deptIds: number[]): Promise<void> {
  await db.delete(roleDepts).where(and(eq(roleDepts.tenantId, tenantId), eq(roleDepts.roleId, roleId)));
  if (deptIds.length > 0) await db.insert(roleDepts).values(deptIds.map((deptId) => ({ tenantId, roleId, deptId })));
}

export async function replaceRoleMenus(db: Db, tenantId: number, roleId: number, menuIds: number[]): Promise<void> {
  await db.delete(roleMenus).where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)));
  if (menuIds.length > 0) await db.insert(roleMenus).values(menuIds.map((menuId) => ({ tenantId, roleId, menuId })));
}

export const tenantDepts = (db: Db, tenantId: number) =>
  db
    .select({ id: depts.id, parentId: depts.parentId, name: depts.name })
    .from(depts)
    .where(eq(depts.tenantId, tenantId))
    .orderBy(asc(depts.sort), asc(depts.id));

export const menuTypes = (db: Db) =>
  db
    .select({ id: menus.id, parentId: menus.parentId, type: menus.type, name: menus.name, locale: menus.locale })
    .from(menus)
    .orderBy(asc(menus.sort), asc(menus.id));
