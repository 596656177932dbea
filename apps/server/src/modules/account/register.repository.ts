import { Status, userSource } from '@uc/contracts';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depts, roles, tenantInvites, tenantPolicies, tenants, userPosts, userRoles, users } from '../../db/schema';
import { isMobileInTenant, isMobileTaken, verifiedKeyOf, verifiedMobileIs } from '../member/member-mobile';
import { applyTenantPolicy } from '../tenant-policy/policy-apply';

export type Policy = typeof tenantPolicies.$inferSelect;
export type Invite = typeof tenantInvites.$inferSelect;

/** Whether any user (of any tenant: names are global) has this name, case aside. */
export async function usernameInUse(db: Db, username: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return taken !== undefined;
}

/** Whether a live account signs in with this number (verified; one typed by an administrator does not count). */
export async function verifiedMobileInUse(db: Db, mobile: string): Promise<boolean> {
  const [taken] = await db.select({ id: users.id }).from(users).where(verifiedMobileIs(mobile));
  return taken !== undefined;
}

/** The unused invitation with this code; undefined when there is none. */
export async function unusedInvite(db: Db, code: string): Promise<Invite | undefined> {
  const [invite] = await db
    .select()
    .from(tenantInvites)
    .where(and(eq(tenantInvites.code, code), eq(tenantInvites.used, false)));
  return invite;
}

export async function policyById(db: Db, id: number): Promise<Policy | undefined> {
  const [policy] = await db.select().from(tenantPolicies).where(eq(tenantPolicies.id, id));
  return policy;
}

/** The enabled default tenant policy (the oldest, should there be several); undefined when there is none. */
export async function defaultPolicy(db: Db): Promise<Policy | undefined> {
  const [policy] = await db
    .select()
    .from(tenantPolicies)
    .where(and(eq(tenantPolicies.isDefault, true), eq(tenantPolicies.status, Status.enabled)))
    .orderBy(asc(tenantPolicies.id))
    .limit(1);
  return policy;
}

/**
 * Tenant setting 1 (and every invitation): a new tenant with its top department named after it and a
 * default administrator role; what the role holds is the policy's rule (policy-apply.ts, the same rule
 * a policy edit applies): exactly the allowed menus, data scope within the policy's data range.
 */
export async function newTenant(tx: Db, name: string, policy: Policy): Promise<{ tenantId: number; deptId: number; roleId: number }> {
  const [tenant] = await tx
    .insert(tenants)
    .values({ name, code: `t-${randomBytes(5).toString('hex')}`, policyId: policy.id })
    .returning({ id: tenants.id });
  const tenantId = tenant!.id;
  const [dept] = await tx.insert(depts).values({ tenantId, name }).returning({ id: depts.id });
  const [role] = await tx.insert(roles).values({ tenantId, name: '管理员', key: 'admin', dataScope: 1, isDefaultAdmin: true }).returning({ id: roles.id });
  await applyTenantPolicy(tx, tenantId);
  return { tenantId, deptId: dept!.id, roleId: role!.id };
}

/** Where a registrant goes: tenant, department, role and post. */
export interface Place {
  tenantId: number;
  deptId: number | null;
  roleId: number | null;
  postId: number | null;
}

/**
 * The registrant's user, verified number included, with the place's role and post; or the unique
 * index on the number the insert ran into (the statement failed: the caller refuses, which undoes all).
 */
export async function insertRegistrant(
  tx: Db,
  place: Place,
  input: { username: string; passwordHash: string; mobile: string },
): Promise<{ outcome: 'created'; userId: number } | { outcome: 'mobileTaken' } | { outcome: 'mobileInTenant' }> {
  let userId: number;
  try {
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: place.tenantId,
        username: input.username,
        passwordHash: input.passwordHash,
        mobile: input.mobile,
        verifiedMobile: verifiedKeyOf(input.mobile),
        deptId: place.deptId,
        postId: place.postId,
        source: userSource.registered,
      })
      .returning({ id: users.id });
    userId = user!.id;
  } catch (err) {
    if (isMobileTaken(err)) return { outcome: 'mobileTaken' };
    if (isMobileInTenant(err)) return { outcome: 'mobileInTenant' };
    throw err;
  }
  if (place.roleId) await tx.insert(userRoles).values({ tenantId: place.tenantId, userId, roleId: place.roleId });
  if (place.postId) await tx.insert(userPosts).values({ tenantId: place.tenantId, userId, postId: place.postId });
  return { outcome: 'created', userId };
}

/** Marks the invitation used by the registrant, unless it was used meanwhile: false then. */
export async function markInviteUsed(tx: Db, inviteId: number, user: { id: number; username: string }): Promise<boolean> {
  const marked = await tx
    .update(tenantInvites)
    .set({ used: true, usedUserId: user.id, usedUsername: user.username, usedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tenantInvites.id, inviteId), eq(tenantInvites.used, false)))
    .returning({ id: tenantInvites.id });
  return marked.length > 0;
}
