import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depts, posts, roles, tenantPolicies, tenants, users } from '../../db/schema';
import { conflict } from '../../lib/errors';

/*
 * Quotas from the tenant's policy (DESIGN.md section 5), checked on create: tenants.policy_id names
 * the policy, whose max_* column caps the live rows of the tenant. 0 (or no policy) is unlimited, and
 * the platform tenant is never limited. A refusal is a 409 conflict: the request is fine, the data
 * (the tenant's current count) clashes with it.
 */

export type QuotaKind = 'users' | 'depts' | 'roles' | 'posts';

const LABEL: Record<QuotaKind, [one: string, many: string]> = {
  users: ['user', 'users'],
  depts: ['department', 'departments'],
  roles: ['role', 'roles'],
  posts: ['post', 'posts'],
};

const limitColumn = {
  users: tenantPolicies.maxUsers,
  depts: tenantPolicies.maxDepts,
  roles: tenantPolicies.maxRoles,
  posts: tenantPolicies.maxPosts,
} as const;

/** The policy's maximum for `kind` in the tenant; 0 when unlimited. */
export async function quotaOf(db: Db, tenantId: number, kind: QuotaKind): Promise<number> {
  const [row] = await db
    .select({ isPlatform: tenants.isPlatform, max: limitColumn[kind] })
    .from(tenants)
    .leftJoin(tenantPolicies, eq(tenantPolicies.id, tenants.policyId))
    .where(eq(tenants.id, tenantId));
  if (!row || row.isPlatform) return 0;
  return row.max ?? 0;
}

async function liveCount(db: Db, tenantId: number, kind: QuotaKind): Promise<number> {
  const counted = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
  switch (kind) {
    case 'users':
      return counted(db.select({ n: count() }).from(users).where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt))));
    case 'depts':
      return counted(db.select({ n: count() }).from(depts).where(eq(depts.tenantId, tenantId)));
    case 'roles':
      return counted(db.select({ n: count() }).from(roles).where(eq(roles.tenantId, tenantId)));
    case 'posts':
      return counted(db.select({ n: count() }).from(posts).where(eq(posts.tenantId, tenantId)));
  }
}

export const quotaMessage = (kind: QuotaKind, max: number): string =>
  `The tenant's policy allows at most ${max} ${LABEL[kind][max === 1 ? 0 : 1]}: ask the platform administrator for a larger policy`;

/** Throws a 409 when adding `adding` (default 1) rows of `kind` would pass the tenant policy's maximum. */
export async function assertQuota(db: Db, tenantId: number, kind: QuotaKind, adding = 1): Promise<void> {
  const max = await quotaOf(db, tenantId, kind);
  if (max <= 0) return;
  if ((await liveCount(db, tenantId, kind)) + adding > max) throw conflict(quotaMessage(kind, max));
}
