import { userSource } from '@uc/contracts';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  auditLogs,
  depts,
  loginLogs,
  memberLedger,
  notices,
  posts,
  roleDepts,
  roleMenus,
  roles,
  tenantPolicies,
  tenants,
  uploads,
  userRoles,
  users,
} from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { applyTenantPolicy } from '../tenant-policy/policy-apply';

/*
 * Writes of the tenant administration (tenant.service.ts holds the rules). Each runs inside the
 * call's one cross-tenant transaction, so a refusal after any of them rolls it back.
 */

/** The tenant row, locked until the transaction ends; undefined when there is none. */
export async function lockTenant(tx: Db, id: number) {
  const [tenant] = await tx
    .select({ id: tenants.id, name: tenants.name, isPlatform: tenants.isPlatform, status: tenants.status, policyId: tenants.policyId })
    .from(tenants)
    .where(eq(tenants.id, id))
    .for('update');
  return tenant;
}

/** A tenant policy's status; undefined when there is no such policy. */
export async function policyStatus(tx: Db, policyId: number): Promise<number | undefined> {
  const [policy] = await tx.select({ status: tenantPolicies.status }).from(tenantPolicies).where(eq(tenantPolicies.id, policyId));
  return policy?.status;
}

/** A tenant's own columns, as the platform edits them. */
export type TenantValues = Omit<typeof tenants.$inferInsert, 'id' | 'isPlatform' | 'createdAt' | 'updatedAt'>;

/**
 * A new tenant with its top department named after it and its administrator role (`adminRole`), the
 * policy's allowed menus and data range applied by the one policy rule (policy-apply.ts).
 */
export async function insertTenant(
  tx: Db,
  values: TenantValues,
  adminRole: { name: string; key: string },
): Promise<{ tenantId: number; deptId: number; roleId: number }> {
  const [tenant] = await tx.insert(tenants).values(values).returning({ id: tenants.id });
  const tenantId = tenant!.id;
  const [dept] = await tx.insert(depts).values({ tenantId, name: values.name }).returning({ id: depts.id });
  const [role] = await tx
    .insert(roles)
    .values({ tenantId, ...adminRole, dataScope: 1, isDefaultAdmin: true })
    .returning({ id: roles.id });
  await applyTenantPolicy(tx, tenantId);
  return { tenantId, deptId: dept!.id, roleId: role!.id };
}

/** The tenant's administrator user with its role; 'usernameTaken' when the (global) unique name index refused it. */
export async function insertTenantAdmin(
  tx: Db,
  place: { tenantId: number; deptId: number; roleId: number },
  admin: { username: string; passwordHash: string; realName: string; mobile: string },
): Promise<'created' | 'usernameTaken'> {
  let userId: number;
  try {
    const [user] = await tx
      .insert(users)
      .values({ tenantId: place.tenantId, ...admin, deptId: place.deptId, source: userSource.administrator })
      .returning({ id: users.id });
    userId = user!.id;
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_lower_uq')) return 'usernameTaken';
    throw err;
  }
  await tx.insert(userRoles).values({ tenantId: place.tenantId, userId, roleId: place.roleId });
  return 'created';
}

export async function updateTenantRow(tx: Db, id: number, values: TenantValues): Promise<void> {
  await tx
    .update(tenants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tenants.id, id));
}

export async function updateTenantStatus(tx: Db, id: number, status: number): Promise<void> {
  await tx
    .update(tenants)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(tenants.id, id));
}

/** A tenant's users: live ones and those in its recycle bin. */
export async function userCounts(tx: Db, id: number): Promise<{ live: number; deleted: number }> {
  const [count] = await tx
    .select({
      live: sql<number>`(count(*) filter (where ${isNull(users.deletedAt)}))::int`,
      deleted: sql<number>`(count(*) filter (where ${isNotNull(users.deletedAt)}))::int`,
    })
    .from(users)
    .where(eq(users.tenantId, id));
  return { live: Number(count?.live ?? 0), deleted: Number(count?.deleted ?? 0) };
}

/** The title of a policy whose registrants join tenant `id`; undefined when there is none. */
export async function policyDefaultingTo(tx: Db, id: number): Promise<string | undefined> {
  const [usedBy] = await tx.select({ title: tenantPolicies.title }).from(tenantPolicies).where(eq(tenantPolicies.defaultTenantId, id)).limit(1);
  return usedBy?.title;
}

/**
 * The tenant-owned tables a tenant without users can still have rows in, children first. Tables of
 * users (sessions, keys, ledgers...) are empty once the users are gone; quota_usage and
 * quota_reservations go with the tenant (ON DELETE CASCADE); auth_epochs keeps its counter (a
 * tenant id is never reused). tenant.test.ts checks every table with a tenant_id against this.
 */
const TENANT_TABLES = [roleMenus, roleDepts, roles, posts, depts, notices, memberLedger, loginLogs, auditLogs, uploads] as const;

/** Deletes a (non-platform) tenant with its rows in TENANT_TABLES. */
export async function removeTenant(tx: Db, id: number): Promise<void> {
  for (const table of TENANT_TABLES) await tx.delete(table).where(eq(table.tenantId, id));
  await tx.delete(tenants).where(and(eq(tenants.id, id), eq(tenants.isPlatform, false)));
}
