import { Status, userSource, type MemberDetail, type MemberEditBody, type RoleBatchMode } from '@uc/contracts';
import { and, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depts, posts, roles, sessions, tenants, userRoles, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Session } from '../auth/access';
import { hashChosenPassword } from '../account/password-policy';
import { grantableRoleIds, ungrantableRoleIds } from './role-option';
import { memberVisibility } from './member.visibility';
import { requireDeptInScope } from '../scope/data-scope';
import { assertQuota } from '../quota/quota';
import { isMobileInTenant, isMobileTaken, mobileInTenant } from './member-mobile';
import { claimUserImages } from '../upload/upload-references';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
// The same answer for a missing id, another tenant's and one outside the caller's data scope.
export const memberNotFound = () => notFound('The user does not exist: it may have been deleted; reload the list');

/** Which users a call acts on: the visible ones, live or in the recycle bin. */
export const visibleMember = async (db: Db, session: Session, id: number, where: 'live' | 'recycled' | 'any' = 'live') =>
  and(
    await memberVisibility(db, session),
    eq(users.id, id),
    where === 'live' ? isNull(users.deletedAt) : where === 'recycled' ? isNotNull(users.deletedAt) : undefined,
  );

export async function viewMember(db: Db, session: Session, id: number, where: 'live' | 'any' = 'any'): Promise<MemberDetail> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      realName: users.realName,
      tenantName: tenants.name,
      avatar: users.avatar,
      deptId: users.deptId,
      deptName: depts.name,
      postId: users.postId,
      postName: posts.name,
      balance: users.balance,
      integral: users.integral,
      mobile: users.mobile,
      email: users.email,
      sex: users.sex,
      birthday: users.birthday,
      address: users.address,
      qq: users.qq,
      lastLoginIp: users.lastLoginIp,
      lastLoginAt: users.lastLoginAt,
      loginCount: users.loginCount,
      createdAt: users.createdAt,
      alipayName: users.alipayName,
      alipayAccount: users.alipayAccount,
      alipayCode: users.alipayCode,
      status: users.status,
      remark: users.remark,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(depts, and(eq(depts.tenantId, users.tenantId), eq(depts.id, users.deptId)))
    .leftJoin(posts, and(eq(posts.tenantId, users.tenantId), eq(posts.id, users.postId)))
    .where(await visibleMember(db, session, id, where));
  if (!row) throw memberNotFound();
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.tenantId, session.tenantId), eq(userRoles.userId, id)))
    .orderBy(roles.sort, roles.id);
  const [active] = await db
    .select({ at: max(sessions.lastSeenAt) })
    .from(sessions)
    .where(and(eq(sessions.tenantId, session.tenantId), eq(sessions.userId, id)));
  return {
    ...row,
    deptName: row.deptName ?? null,
    postName: row.postName ?? null,
    roles: roleRows,
    lastActiveAt: iso(active?.at ?? null),
    lastLoginAt: iso(row.lastLoginAt),
    createdAt: row.createdAt.toISOString(),
    deletedAt: iso(row.deletedAt),
  };
}

/** A user's department must be one of the tenant's own (or none). */
async function requireDeptExists(db: Db, session: Session, deptId: number | null): Promise<void> {
  if (deptId === null) return;
  const [d] = await db
    .select({ id: depts.id })
    .from(depts)
    .where(and(eq(depts.tenantId, session.tenantId), eq(depts.id, deptId)));
  if (!d) throw badRequest('deptId: the department does not exist');
}

/** Roles given to user `targetId` (undefined: a new user) must be ones the caller may grant. */
async function requireGrantable(db: Db, session: Session, roleIds: readonly number[], targetId: number | undefined): Promise<void> {
  const refused = await ungrantableRoleIds(db, session, roleIds, targetId);
  if (refused.length > 0)
    throw forbidden('roleIds: you may not grant role(s) {roles}: you can only grant roles you hold yourself', { roles: refused.join(', ') });
}

/** Department and post must be the tenant's own; roles must be ones the caller may grant. */
async function checkReferences(db: Db, session: Session, body: MemberEditBody): Promise<void> {
  await requireDeptExists(db, session, body.deptId);
  if (body.postId !== null) {
    const [p] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.tenantId, session.tenantId), eq(posts.id, body.postId)));
    if (!p) throw badRequest('postId: the post does not exist');
  }
  await requireGrantable(db, session, body.roleIds, body.id);
}

export const SELF_DEPT = 'deptId: you cannot move yourself to another department: ask another administrator to do it';
export const SELF_ROLES = 'roleIds: you cannot change your own roles: ask another administrator to do it';

/**
 * Through the administrators' calls nobody changes his own roles, department or status (DESIGN.md
 * section 5): each would widen or escape the very rights that let him make the call.
 */
async function refuseSelfChanges(db: Db, session: Session, body: MemberEditBody, deptId: number | null): Promise<void> {
  if (body.status !== Status.enabled) throw forbidden('status: you cannot disable your own account');
  if (body.deptId !== deptId) throw forbidden(SELF_DEPT);
  // The form sends the roles it shows; the ones the caller could not grant are kept whatever it sends.
  const held = await heldRoleIds(db, session, session.userId);
  if (changesGrantableRoles(await grantableRoleIds(db, session), held, body.roleIds)) throw forbidden(SELF_ROLES);
}

const heldRoleIds = async (db: Db, session: Session, userId: number): Promise<number[]> =>
  (
    await db
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .where(and(eq(userRoles.tenantId, session.tenantId), eq(userRoles.userId, userId)))
  ).map((r) => r.id);

/** Whether roles `after` differ from `held` in a role the caller may grant (the others are kept whatever is sent). */
function changesGrantableRoles(grantableIds: readonly number[], held: readonly number[], after: readonly number[]): boolean {
  const grantable = new Set(grantableIds);
  const before = new Set(held.filter((r) => grantable.has(r)));
  const next = new Set(after.filter((r) => grantable.has(r)));
  return before.size !== next.size || [...next].some((r) => !before.has(r));
}

/**
 * A user's department changing from `from` to `to` (a new user: `userId` undefined): nobody moves
 * himself, and a user goes only into a department of the caller's data scope.
 */
async function checkDeptChange(db: Db, session: Session, userId: number | undefined, from: number | null | undefined, to: number | null): Promise<void> {
  if (userId !== undefined && from === to) return;
  if (userId === session.userId) throw forbidden(SELF_DEPT);
  await requireDeptInScope(db, session, to);
}

/** Roles the caller may not grant stay as they were; the grantable ones become exactly roleIds. */
async function replaceGrantableRoles(db: Db, session: Session, userId: number, roleIds: readonly number[]): Promise<void> {
  const grantable = await grantableRoleIds(db, session);
  if (grantable.length > 0) {
    await db.delete(userRoles).where(and(eq(userRoles.tenantId, session.tenantId), eq(userRoles.userId, userId), inArray(userRoles.roleId, grantable)));
  }
  if (roleIds.length > 0) {
    await db
      .insert(userRoles)
      .values([...new Set(roleIds)].map((roleId) => ({ tenantId: session.tenantId, userId, roleId })))
      .onConflictDoNothing();
  }
}

export async function saveMember(db: Db, session: Session, body: MemberEditBody): Promise<MemberDetail> {
  const { id, password, roleIds, ...values } = body;
  await checkReferences(db, session, body);
  let from: number | null | undefined;
  if (id !== undefined) {
    const existing = await liveDeptOf(db, session, id);
    if (id === session.userId) await refuseSelfChanges(db, session, body, existing.deptId);
    from = existing.deptId;
  } else if (!password) {
    throw badRequest('password: password is required for a new user');
  }
  await checkDeptChange(db, session, id, from, body.deptId);
  await claimUserImages(db, session, id, values);
  // Hashed before the quota check: its lock queues the tenant's other user writes until commit.
  const passwordHash = id === undefined ? await hashChosenPassword(password!) : undefined;
  if (id === undefined) await assertQuota(db, session.tenantId, 'users');
  const taken = () => conflict('username: the user name "{username}" is already taken: choose another', { username: values.username });
  let userId: number;
  try {
    if (id === undefined) {
      const [row] = await db
        .insert(users)
        .values({ ...values, tenantId: session.tenantId, passwordHash: passwordHash!, source: userSource.administrator })
        .returning({ id: users.id });
      userId = row!.id;
    } else {
      await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(await visibleMember(db, session, id));
      userId = id;
    }
  } catch (err) {
    // User names are global (sign-in asks for no tenant): the clash may be with another tenant's user.
    if (isUniqueViolation(err, 'users_username_lower_uq')) throw taken();
    // A number typed here is unverified, unique within the tenant only (member-mobile.ts): a clash that
    // guardMobileClash did not see (two writes at once) is with a user of this tenant.
    if (isMobileInTenant(err)) throw mobileInTenant(values.mobile);
    throw err;
  }
  await replaceGrantableRoles(db, session, userId, roleIds);
  if (values.status !== Status.enabled) await endSessions(db, session, userId);
  return viewMember(db, session, userId);
}

/** A live user the caller may act on, with its department; else the 404 of an unknown user. */
async function liveDeptOf(db: Db, session: Session, id: number): Promise<{ deptId: number | null }> {
  const [existing] = await db
    .select({ deptId: users.deptId })
    .from(users)
    .where(await visibleMember(db, session, id));
  if (!existing) throw memberNotFound();
  return existing;
}

/**
 * Moves one user to department `deptId` (the batch action 设置部门) with member/edit's checks, in its
 * order: the department exists, the user is one the caller may act on, nobody moves himself, and the
 * department is in the caller's data scope.
 */
export async function setMemberDept(db: Db, session: Session, id: number, deptId: number): Promise<void> {
  await requireDeptExists(db, session, deptId);
  const existing = await liveDeptOf(db, session, id);
  await checkDeptChange(db, session, id, existing.deptId, deptId);
  if (existing.deptId === deptId) return;
  await db
    .update(users)
    .set({ deptId, updatedAt: sql`now()` })
    .where(await visibleMember(db, session, id));
}

/**
 * Sets (`set`: the roles the caller may grant become exactly roleIds; the others stay) or adds
 * (`add`) roles of one user (the batch action 设置角色 / 添加角色) with member/edit's checks, in its
 * order: only roles the caller may grant, a user the caller may act on, and nobody changes his own.
 */
export async function setMemberRoles(db: Db, session: Session, id: number, roleIds: readonly number[], mode: RoleBatchMode): Promise<void> {
  await requireGrantable(db, session, roleIds, id);
  await liveDeptOf(db, session, id);
  const held = await heldRoleIds(db, session, id);
  const grantable = await grantableRoleIds(db, session);
  const kept = new Set(grantable);
  const after = mode === 'set' ? [...roleIds] : [...new Set([...held.filter((r) => kept.has(r)), ...roleIds])];
  if (!changesGrantableRoles(grantable, held, after)) return;
  if (id === session.userId) throw forbidden(SELF_ROLES);
  await replaceGrantableRoles(db, session, id, after);
}

export async function endSessions(db: Db, session: Session, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tenantId, session.tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function setMemberStatus(db: Db, session: Session, id: number, status: number): Promise<void> {
  if (id === session.userId && status !== Status.enabled) throw forbidden('You cannot disable your own account');
  const changed = await db
    .update(users)
    .set({ status, updatedAt: sql`now()` })
    .where(await visibleMember(db, session, id))
    .returning({ id: users.id });
  if (changed.length === 0) throw memberNotFound();
  if (status !== Status.enabled) await endSessions(db, session, id);
}

export async function resetPassword(db: Db, session: Session, id: number, password: string): Promise<void> {
  // An administrator's reset asks for no current password: one's own goes through the account settings.
  if (id === session.userId) throw forbidden('You cannot reset your own password here: change it in your account settings, which ask for the current one');
  const changed = await db
    .update(users)
    .set({ passwordHash: await hashChosenPassword(password), updatedAt: sql`now()` })
    .where(await visibleMember(db, session, id))
    .returning({ id: users.id });
  if (changed.length === 0) throw memberNotFound();
  await endSessions(db, session, id);
}

export async function recycleMember(db: Db, session: Session, id: number): Promise<void> {
  if (id === session.userId) throw forbidden('You cannot delete your own account');
  const changed = await db
    .update(users)
    .set({ deletedAt: sql`now()` })
    .where(await visibleMember(db, session, id))
    .returning({ id: users.id });
  if (changed.length === 0) throw memberNotFound();
  await endSessions(db, session, id);
}

export async function restoreMember(db: Db, session: Session, id: number): Promise<void> {
  const where = await visibleMember(db, session, id, 'recycled');
  const [recycled] = await db.select({ mobile: users.mobile }).from(users).where(where);
  if (!recycled) throw memberNotFound();
  await assertQuota(db, session.tenantId, 'users');
  try {
    const changed = await db
      .update(users)
      // A number verified meanwhile by another account (in any tenant) is no longer this user's to sign
      // in with: the user comes back with it unverified, and nothing is said about the other account.
      .set({
        deletedAt: null,
        verifiedMobile: sql`case when uc_mobile_taken(${users.mobile}, ${users.id}) then null else ${users.verifiedMobile} end`,
        updatedAt: sql`now()`,
      })
      .where(where)
      .returning({ id: users.id });
    if (changed.length === 0) throw memberNotFound();
  } catch (err) {
    // The number was free in the tenant while the user sat in the recycle bin, and another user got it.
    if (isMobileInTenant(err)) {
      throw conflict(
        'mobile: the phone number "{mobile}" is now on another user of this tenant, so this user cannot be restored with it: remove the number from that user first, or purge this user from the recycle bin and create them again with another number',
        { mobile: recycled.mobile },
      );
    }
    // Verified by another account between the check above and this write: the same call again restores it unverified.
    if (isMobileTaken(err)) throw conflict('The user could not be restored because its phone number changed hands at this moment: restore it again');
    throw err;
  }
}

/** Only from the recycle bin: a live user must be deleted first. Roles, posts and sessions go with it. */
export async function purgeMember(db: Db, session: Session, id: number): Promise<void> {
  const removed = await db
    .delete(users)
    .where(await visibleMember(db, session, id, 'recycled'))
    .returning({ id: users.id });
  if (removed.length === 0) throw memberNotFound();
}
