import { renderMessage } from '@uc/contracts/messages';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { QuotaKindName } from '@uc/contracts';
import type { Db } from '../../db/client';
import { depts, posts, roles, tenantPolicies, tenants, users } from '../../db/schema';
import { conflict } from '../../lib/errors';

/*
 * Quotas from the tenant's policy (DESIGN.md section 5), checked on create: tenants.policy_id names
 * the policy, whose max_* column caps the live rows of the tenant. 0 (or no policy) is unlimited, and
 * the platform tenant is never limited. A refusal is a 409 conflict: the request is fine, the data
 * (the tenant's current count) clashes with it.
 *
 * Count-then-insert races: two requests of one tenant could both count max - 1 and both insert. So
 * the check first takes a transaction-scoped advisory lock keyed on (resource, tenant): writers of
 * the same resource in the same tenant queue there until the holder commits or rolls back, and the
 * count, a new statement, then sees every row committed before it. Other tenants and other
 * resources never wait. The lock lives as long as the caller's transaction (withTenant for every
 * signed-in call), so the check must run in the transaction that inserts: outside one, the lock
 * would end with the statement and protect nothing.
 */

export type QuotaKind = 'users' | 'depts' | 'roles' | 'posts';

/** The refusal per kind, for a maximum of one and of more (message templates: {max} is the maximum). */
const QUOTA_REFUSED: Record<QuotaKind, [one: string, many: string]> = {
  users: [
    "The tenant's policy allows at most {max} user: ask the platform administrator for a larger policy",
    "The tenant's policy allows at most {max} users: ask the platform administrator for a larger policy",
  ],
  depts: [
    "The tenant's policy allows at most {max} department: ask the platform administrator for a larger policy",
    "The tenant's policy allows at most {max} departments: ask the platform administrator for a larger policy",
  ],
  roles: [
    "The tenant's policy allows at most {max} role: ask the platform administrator for a larger policy",
    "The tenant's policy allows at most {max} roles: ask the platform administrator for a larger policy",
  ],
  posts: [
    "The tenant's policy allows at most {max} post: ask the platform administrator for a larger policy",
    "The tenant's policy allows at most {max} posts: ask the platform administrator for a larger policy",
  ],
};
const quotaTemplate = (kind: QuotaKind, max: number) => QUOTA_REFUSED[kind][max === 1 ? 0 : 1];

/** The policy column capping each count, the four of this server and the six reserved by others. */
export const LIMIT_COLUMN = {
  users: tenantPolicies.maxUsers,
  depts: tenantPolicies.maxDepts,
  roles: tenantPolicies.maxRoles,
  posts: tenantPolicies.maxPosts,
  projects: tenantPolicies.maxProjects,
  projectDevices: tenantPolicies.maxProjectDevices,
  projectScenes: tenantPolicies.maxProjectScenes,
  products: tenantPolicies.maxProducts,
  devices: tenantPolicies.maxDevices,
  deviceProperties: tenantPolicies.maxDeviceProperties,
} as const satisfies Record<QuotaKindName, unknown>;

/** Separate advisory lock spaces per counted resource (first key); the tenant id is the second. */
const LOCK_SPACE: Record<QuotaKind, number> = {
  users: 0x75635101,
  depts: 0x75635102,
  roles: 0x75635103,
  posts: 0x75635104,
};

/**
 * Holds the (resource, tenant) quota lock until the caller's transaction ends. The tenant id goes in
 * as hashint8 (any bigint to int4): two tenants sharing a hash only wait for each other, which costs
 * time, never correctness.
 */
async function lockQuota(db: Db, tenantId: number, kind: QuotaKind): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE[kind]}::int4, hashint8(${tenantId}::bigint))`);
}

/** The policy's maximum for `kind` in the tenant; 0 when unlimited. */
export async function quotaOf(db: Db, tenantId: number, kind: QuotaKindName): Promise<number> {
  const [row] = await db
    .select({ isPlatform: tenants.isPlatform, max: LIMIT_COLUMN[kind] })
    .from(tenants)
    .leftJoin(tenantPolicies, eq(tenantPolicies.id, tenants.policyId))
    .where(eq(tenants.id, tenantId));
  if (!row || row.isPlatform) return 0;
  return row.max ?? 0;
}

/** Live records of one of this server's own counts in the tenant. */
export async function liveCount(db: Db, tenantId: number, kind: QuotaKind): Promise<number> {
  const counted = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
  switch (kind) {
    case 'users':
      return counted(
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), isNull(users.deletedAt))),
      );
    case 'depts':
      return counted(db.select({ n: count() }).from(depts).where(eq(depts.tenantId, tenantId)));
    case 'roles':
      return counted(db.select({ n: count() }).from(roles).where(eq(roles.tenantId, tenantId)));
    case 'posts':
      return counted(db.select({ n: count() }).from(posts).where(eq(posts.tenantId, tenantId)));
  }
}

/**
 * How many more rows of `kind` the tenant's policy lets in (undefined: no maximum), with the quota lock
 * held until the caller's transaction ends: for a write that takes the rows that fit and refuses the
 * others one by one (the user import) instead of refusing them all.
 */
export async function quotaRoom(db: Db, tenantId: number, kind: QuotaKind): Promise<{ max: number; room: number } | undefined> {
  const max = await quotaOf(db, tenantId, kind);
  if (max <= 0) return undefined;
  await lockQuota(db, tenantId, kind);
  return { max, room: Math.max(0, max - (await liveCount(db, tenantId, kind))) };
}

/** The refusal as an English reader (and a test) sees it. */
export const quotaMessage = (kind: QuotaKind, max: number): string => renderMessage(quotaTemplate(kind, max), { max }, 'en-US');

/**
 * Throws a 409 when adding `adding` (default 1) rows of `kind` would pass the tenant policy's maximum.
 * Call it in the transaction that then inserts (or restores) the rows: it serialises those writers.
 */
export async function assertQuota(db: Db, tenantId: number, kind: QuotaKind, adding = 1): Promise<void> {
  const max = await quotaOf(db, tenantId, kind);
  if (max <= 0) return;
  await lockQuota(db, tenantId, kind);
  if ((await liveCount(db, tenantId, kind)) + adding > max) throw conflict(quotaTemplate(kind, max), { max });
}
