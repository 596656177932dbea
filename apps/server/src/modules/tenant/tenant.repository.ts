import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ListQuery, TenantRow, TenantUserRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import { roles, tenantPolicies, tenants, userRoles, users } from '../../db/schema';
import { countRows, listPage, listPlan, listWhere, type ListPage } from '../../lib/list-query.sql';
import { listUsers } from '../member/member.repository';
import { tenantListSpec, tenantUserListSpec } from './tenant.fields';

/*
 * Reads of the tenant administration. Every function here runs in a cross-tenant transaction (the
 * calls are platformOnly and enter it first, tenant.routes.ts), so each one names the tenants it
 * reads explicitly: row-level security would not stop a query that forgot to.
 */

const columns = {
  id: tenants.id,
  name: tenants.name,
  code: tenants.code,
  leader: tenants.leader,
  phone: tenants.phone,
  email: tenants.email,
  policyId: tenants.policyId,
  policyTitle: sql<string>`coalesce(${tenantPolicies.title}, '')`,
  status: tenants.status,
  expiresAt: tenants.expiresAt,
  isPlatform: tenants.isPlatform,
  remark: tenants.remark,
  createdAt: tenants.createdAt,
  updatedAt: tenants.updatedAt,
};
type Base = Omit<TenantRow, 'adminUserId' | 'adminUsername' | 'adminRealName' | 'userCount' | 'deletedUserCount' | 'expiresAt' | 'createdAt' | 'updatedAt'> & {
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * What the rows of a page of tenants need beyond the tenants table, in two statements for the whole
 * page: each tenant's administrator (its first live user holding a default administrator role) and
 * its user counts, live and in the recycle bin.
 */
async function complete(db: Db, base: Base[]): Promise<TenantRow[]> {
  const ids = base.map((t) => t.id);
  if (ids.length === 0) return [];
  const admins = await db
    .selectDistinctOn([users.tenantId], { tenantId: users.tenantId, id: users.id, username: users.username, realName: users.realName })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.tenantId, users.tenantId), eq(userRoles.userId, users.id)))
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(inArray(users.tenantId, ids), sql`${users.deletedAt} is null`, eq(roles.isDefaultAdmin, true)))
    .orderBy(users.tenantId, users.id);
  const counts = await db
    .select({
      tenantId: users.tenantId,
      live: sql<number>`(count(*) filter (where ${users.deletedAt} is null))::int`,
      deleted: sql<number>`(count(*) filter (where ${users.deletedAt} is not null))::int`,
    })
    .from(users)
    .where(inArray(users.tenantId, ids))
    .groupBy(users.tenantId);
  const adminOf = new Map(admins.map((a) => [a.tenantId, a]));
  const countOf = new Map(counts.map((c) => [c.tenantId, c]));
  return base.map((t) => {
    const admin = adminOf.get(t.id);
    const count = countOf.get(t.id);
    return {
      ...t,
      adminUserId: admin?.id ?? null,
      adminUsername: admin?.username ?? '',
      adminRealName: admin?.realName ?? '',
      userCount: Number(count?.live ?? 0),
      deletedUserCount: Number(count?.deleted ?? 0),
      expiresAt: t.expiresAt ? t.expiresAt.toISOString() : null,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    };
  });
}

/** Every tenant, the platform first, for a choice of tenant (the cross-tenant scope shows them all). */
export async function tenantOptions(db: Db) {
  return db
    .select({ id: tenants.id, name: tenants.name, code: tenants.code, isPlatform: tenants.isPlatform, status: tenants.status })
    .from(tenants)
    .orderBy(desc(tenants.isPlatform), asc(tenants.id));
}

export async function listTenants(db: Db, q: ListQuery): Promise<ListPage<TenantRow>> {
  const where = listWhere(tenantListSpec, q.filter);
  const plan = listPlan(tenantListSpec, q, [{ field: 'createdAt', desc: true }], [{ column: tenants.id, desc: true }]);
  const rows = await db
    .select({ ...columns, ...plan.keyFields })
    .from(tenants)
    .leftJoin(tenantPolicies, eq(tenantPolicies.id, tenants.policyId))
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const page = await listPage(plan, rows, countRows(db, tenants, where), (r) => r as Base);
  return { ...page, list: await complete(db, page.list) };
}

/** The tenant as its details show it, or undefined when there is none. */
export async function findTenant(db: Db, id: number): Promise<TenantRow | undefined> {
  const rows = await db.select(columns).from(tenants).leftJoin(tenantPolicies, eq(tenantPolicies.id, tenants.policyId)).where(eq(tenants.id, id));
  const [row] = await complete(db, rows);
  return row;
}

/**
 * One page of the users of every tenant (or, filtered by tenantId, of one), live or in the recycle
 * bin: the member list's own query and allow-list without the caller's tenant, plus each user's tenant name.
 */
export async function listTenantUsers(db: Db, q: ListQuery, recycle: boolean): Promise<ListPage<TenantUserRow>> {
  const page = await listUsers(db, undefined, q, { recycle, spec: tenantUserListSpec });
  const ids = [...new Set(page.list.map((u) => u.tenantId))];
  const names = ids.length > 0 ? await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(inArray(tenants.id, ids)) : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return { ...page, list: page.list.map((u) => ({ ...u, tenantName: nameOf.get(u.tenantId) ?? '' })) };
}
