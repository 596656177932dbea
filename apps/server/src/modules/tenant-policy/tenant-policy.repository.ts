import { Status, type ListQuery, type TenantPolicyRow } from '@uc/contracts';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depts, menus, posts, roles, tenantInvites, tenantPolicies, tenants } from '../../db/schema';
import { countRows, listPage, listPlan, listWhere, type ListPage } from '../../lib/list-query.sql';
import { tenantPolicyListSpec } from './tenant-policy.fields';

/*
 * Policies are the platform's records (no tenant_id): the calls that reach this file are platform-only
 * and run cross-tenant (tenant-policy.routes.ts), the only transactions their row-level security
 * shows them to; queries of tenants' rows here filter by tenant themselves.
 */

export type PolicyRecord = typeof tenantPolicies.$inferSelect;
export type PolicyValues = Omit<typeof tenantPolicies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const columns = {
  id: tenantPolicies.id,
  title: tenantPolicies.title,
  isDefault: tenantPolicies.isDefault,
  maxUsers: tenantPolicies.maxUsers,
  maxDepts: tenantPolicies.maxDepts,
  maxRoles: tenantPolicies.maxRoles,
  maxPosts: tenantPolicies.maxPosts,
  maxProjects: tenantPolicies.maxProjects,
  maxProjectDevices: tenantPolicies.maxProjectDevices,
  maxProjectScenes: tenantPolicies.maxProjectScenes,
  maxProducts: tenantPolicies.maxProducts,
  maxDevices: tenantPolicies.maxDevices,
  maxDeviceProperties: tenantPolicies.maxDeviceProperties,
  dataRange: tenantPolicies.dataRange,
  tenantSetting: tenantPolicies.tenantSetting,
  defaultTenantId: tenantPolicies.defaultTenantId,
  defaultTenantName: sql<string>`coalesce(${tenants.name}, '')`,
  defaultDeptId: tenantPolicies.defaultDeptId,
  defaultRoleId: tenantPolicies.defaultRoleId,
  defaultPostId: tenantPolicies.defaultPostId,
  menuIds: tenantPolicies.menuIds,
  tenantCount: sql<number>`(select count(*) from tenants on_policy where on_policy.policy_id = ${tenantPolicies.id})::int`,
  sort: tenantPolicies.sort,
  status: tenantPolicies.status,
  remark: tenantPolicies.remark,
  createdAt: tenantPolicies.createdAt,
  updatedAt: tenantPolicies.updatedAt,
};
type Raw = Omit<TenantPolicyRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toRow = (r: Raw): TenantPolicyRow => ({
  ...r,
  tenantCount: Number(r.tenantCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listPolicies(db: Db, q: ListQuery): Promise<ListPage<TenantPolicyRow>> {
  const where = listWhere(tenantPolicyListSpec, q.filter);
  // The default first (what registration uses), then the operator's order.
  const plan = listPlan(
    tenantPolicyListSpec,
    q,
    [
      { field: 'isDefault', desc: true },
      { field: 'sort', desc: false },
    ],
    [{ column: tenantPolicies.id, desc: false }],
  );
  const rows = await db
    .select({ ...columns, ...plan.keyFields })
    .from(tenantPolicies)
    .leftJoin(tenants, eq(tenants.id, tenantPolicies.defaultTenantId))
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return listPage(plan, rows, countRows(db, tenantPolicies, where), toRow);
}

/** The policy as its details show it, or undefined when there is none. */
export async function findPolicy(db: Db, id: number): Promise<TenantPolicyRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(tenantPolicies)
    .leftJoin(tenants, eq(tenants.id, tenantPolicies.defaultTenantId))
    .where(eq(tenantPolicies.id, id));
  return row && toRow(row);
}

/** The default tenant policy (exactly one, drizzle/0025), locked until the transaction ends when `lock`. */
export async function defaultPolicy(db: Db, lock: boolean): Promise<PolicyRecord | undefined> {
  const query = db.select().from(tenantPolicies).where(eq(tenantPolicies.isDefault, true)).orderBy(asc(tenantPolicies.id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The policy's row, locked until the transaction ends (edits, status changes and deletes queue here); undefined when there is none. */
export async function lockPolicy(db: Db, id: number): Promise<PolicyRecord | undefined> {
  const [row] = await db.select().from(tenantPolicies).where(eq(tenantPolicies.id, id)).for('update');
  return row;
}

export async function insertPolicy(db: Db, values: PolicyValues): Promise<number> {
  const [row] = await db.insert(tenantPolicies).values(values).returning({ id: tenantPolicies.id });
  return row!.id;
}

export async function updatePolicy(db: Db, id: number, values: Partial<PolicyValues>): Promise<void> {
  await db
    .update(tenantPolicies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tenantPolicies.id, id));
}

/** Takes the default flag from every policy but `keep` (the one about to hold it). */
export async function clearOtherDefaults(db: Db, keep: number | undefined): Promise<void> {
  await db
    .update(tenantPolicies)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(keep === undefined ? eq(tenantPolicies.isDefault, true) : and(eq(tenantPolicies.isDefault, true), ne(tenantPolicies.id, keep)));
}

export async function removePolicy(db: Db, id: number): Promise<void> {
  await db.delete(tenantPolicies).where(eq(tenantPolicies.id, id));
}

/** How many records of a kind use the policy, and the names of the first `first` of them. */
export interface Users {
  count: number;
  names: string[];
}

export async function tenantsOnPolicy(db: Db, policyId: number, first: number): Promise<Users> {
  const [total] = await db.select({ n: count() }).from(tenants).where(eq(tenants.policyId, policyId));
  const named = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.policyId, policyId)).orderBy(asc(tenants.id)).limit(first);
  return { count: Number(total?.n ?? 0), names: named.map((r) => r.name) };
}

/** Unused invitations under the policy (a used one is only the record of who used it). */
export async function unusedInvitesOfPolicy(db: Db, policyId: number, first: number): Promise<Users> {
  const where = and(eq(tenantInvites.policyId, policyId), eq(tenantInvites.used, false));
  const [total] = await db.select({ n: count() }).from(tenantInvites).where(where);
  const named = await db.select({ title: tenantInvites.title }).from(tenantInvites).where(where).orderBy(asc(tenantInvites.id)).limit(first);
  return { count: Number(total?.n ?? 0), names: named.map((r) => r.title) };
}

export async function policyOptions(db: Db): Promise<{ id: number; title: string; isDefault: boolean }[]> {
  return db
    .select({ id: tenantPolicies.id, title: tenantPolicies.title, isDefault: tenantPolicies.isDefault })
    .from(tenantPolicies)
    .where(eq(tenantPolicies.status, Status.enabled))
    .orderBy(desc(tenantPolicies.isDefault), asc(tenantPolicies.sort), asc(tenantPolicies.id));
}

/** The catalogue's entries among `ids`, with their names for messages. */
export async function menusAmong(db: Db, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: menus.id, name: menus.name })
    .from(menus)
    .where(inArray(menus.id, [...ids]));
}

export async function tenantById(db: Db, id: number): Promise<{ id: number; name: string; isPlatform: boolean } | undefined> {
  const [row] = await db.select({ id: tenants.id, name: tenants.name, isPlatform: tenants.isPlatform }).from(tenants).where(eq(tenants.id, id));
  return row;
}

/** Whether the tenant has a department, role and post of these ids (null: not asked). */
export async function recordsOfTenant(
  db: Db,
  tenantId: number,
  ids: { deptId: number | null; roleId: number | null; postId: number | null },
): Promise<{ dept: boolean; role: boolean; post: boolean }> {
  const has = async (found: Promise<unknown[]>) => (await found).length > 0;
  return {
    dept:
      ids.deptId !== null &&
      (await has(
        db
          .select({ id: depts.id })
          .from(depts)
          .where(and(eq(depts.tenantId, tenantId), eq(depts.id, ids.deptId))),
      )),
    role:
      ids.roleId !== null &&
      (await has(
        db
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.tenantId, tenantId), eq(roles.id, ids.roleId))),
      )),
    post:
      ids.postId !== null &&
      (await has(
        db
          .select({ id: posts.id })
          .from(posts)
          .where(and(eq(posts.tenantId, tenantId), eq(posts.id, ids.postId))),
      )),
  };
}
