import { userSource, type MemberDetail, type MemberEditBody } from '@uc/contracts';
import { and, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { depts, posts, roles, sessions, tenants, userRoles, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Session } from '../auth/access';
import { memberVisibility } from './member.visibility';
import { isMobileInTenant, isMobileTaken } from './member-mobile';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Which users a call acts on: the visible ones, live or in the recycle bin. */
export const visibleMember = async (db: Db, session: Session, id: number, where: 'live' | 'recycled' | 'any' = 'live') =>
  and(
    await memberVisibility(db, session),
    eq(users.id, id),
    where === 'live' ? isNull(users.deletedAt) : where === 'recycled' ? isNotNull(users.deletedAt) : undefined,
  );

/** A visible user with department, post, roles and last activity; undefined when the caller cannot see it. */
export async function findMemberDetail(db: Db, session: Session, id: number, where: 'live' | 'any'): Promise<MemberDetail | undefined> {
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
  if (!row) return undefined;
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

/** Whether department `deptId` is one of the caller's tenant. */
export async function deptExists(db: Db, session: Session, deptId: number): Promise<boolean> {
  const [d] = await db
    .select({ id: depts.id })
    .from(depts)
    .where(and(eq(depts.tenantId, session.tenantId), eq(depts.id, deptId)));
  return d !== undefined;
}

/** Whether post `postId` is one of the caller's tenant. */
export async function postExists(db: Db, session: Session, postId: number): Promise<boolean> {
  const [p] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.tenantId, session.tenantId), eq(posts.id, postId)));
  return p !== undefined;
}

export const heldRoleIds = async (db: Db, session: Session, userId: number): Promise<number[]> =>
  (
    await db
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .where(and(eq(userRoles.tenantId, session.tenantId), eq(userRoles.userId, userId)))
  ).map((r) => r.id);

/** Roles in `grantable` stay only if in roleIds; roleIds are added; the user's other roles are left alone. */
export async function replaceRoles(db: Db, session: Session, userId: number, grantable: readonly number[], roleIds: readonly number[]): Promise<void> {
  if (grantable.length > 0) {
    await db.delete(userRoles).where(and(eq(userRoles.tenantId, session.tenantId), eq(userRoles.userId, userId), inArray(userRoles.roleId, [...grantable])));
  }
  if (roleIds.length > 0) {
    await db
      .insert(userRoles)
      .values([...new Set(roleIds)].map((roleId) => ({ tenantId: session.tenantId, userId, roleId })))
      .onConflictDoNothing();
  }
}

/** The columns of a user the member form writes. */
export type MemberValues = Omit<MemberEditBody, 'id' | 'password' | 'roleIds'>;

/** A user written, or the unique index the write ran into (the statement failed: the caller refuses). */
export type MemberWrite = { outcome: 'written'; userId: number } | { outcome: 'usernameTaken' } | { outcome: 'mobileInTenant' };

/** Writes a user: a new one with `passwordHash` when id is undefined, else the visible live user `id`. */
export async function writeMember(
  db: Db,
  session: Session,
  id: number | undefined,
  values: MemberValues,
  passwordHash: string | undefined,
): Promise<MemberWrite> {
  try {
    if (id === undefined) {
      const [row] = await db
        .insert(users)
        .values({ ...values, tenantId: session.tenantId, passwordHash: passwordHash!, source: userSource.administrator })
        .returning({ id: users.id });
      return { outcome: 'written', userId: row!.id };
    }
    await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(await visibleMember(db, session, id));
    return { outcome: 'written', userId: id };
  } catch (err) {
    // User names are global (sign-in asks for no tenant): the clash may be with another tenant's user.
    if (isUniqueViolation(err, 'users_username_lower_uq')) return { outcome: 'usernameTaken' };
    if (isMobileInTenant(err)) return { outcome: 'mobileInTenant' };
    throw err;
  }
}

/** A live user the caller may act on, with its department; undefined when there is none. */
export async function liveDeptOf(db: Db, session: Session, id: number): Promise<{ deptId: number | null } | undefined> {
  const [existing] = await db
    .select({ deptId: users.deptId })
    .from(users)
    .where(await visibleMember(db, session, id));
  return existing;
}

export async function setDept(db: Db, session: Session, id: number, deptId: number): Promise<void> {
  await db
    .update(users)
    .set({ deptId, updatedAt: sql`now()` })
    .where(await visibleMember(db, session, id));
}

export async function endSessions(db: Db, session: Session, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tenantId, session.tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Sets columns of the visible live user `id`; false when there is none. */
async function updateLive(db: Db, session: Session, id: number, set: PgUpdateSetSource<typeof users>): Promise<boolean> {
  const changed = await db
    .update(users)
    .set(set)
    .where(await visibleMember(db, session, id))
    .returning({ id: users.id });
  return changed.length > 0;
}

export const setStatus = (db: Db, session: Session, id: number, status: number): Promise<boolean> =>
  updateLive(db, session, id, { status, updatedAt: sql`now()` });

export const setPasswordHash = (db: Db, session: Session, id: number, passwordHash: string): Promise<boolean> =>
  updateLive(db, session, id, { passwordHash, updatedAt: sql`now()` });

/** Moves the visible live user `id` to the recycle bin; false when there is none. */
export const moveToRecycleBin = (db: Db, session: Session, id: number): Promise<boolean> => updateLive(db, session, id, { deletedAt: sql`now()` });

/** The phone number of the visible user `id` in the recycle bin; undefined when there is none there. */
export async function recycledMember(db: Db, session: Session, id: number): Promise<{ mobile: string } | undefined> {
  const [recycled] = await db
    .select({ mobile: users.mobile })
    .from(users)
    .where(await visibleMember(db, session, id, 'recycled'));
  return recycled;
}

/** A restore's outcome: done, no such user in the bin, or the unique index on the number it ran into. */
export type Restore = 'restored' | 'gone' | 'mobileInTenant' | 'mobileTaken';

export async function restoreFromRecycleBin(db: Db, session: Session, id: number): Promise<Restore> {
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
      .where(await visibleMember(db, session, id, 'recycled'))
      .returning({ id: users.id });
    return changed.length > 0 ? 'restored' : 'gone';
  } catch (err) {
    if (isMobileInTenant(err)) return 'mobileInTenant';
    if (isMobileTaken(err)) return 'mobileTaken';
    throw err;
  }
}

/** Deletes the visible user `id` from the recycle bin (roles, posts and sessions go with it); false when it is not there. */
export async function purgeFromRecycleBin(db: Db, session: Session, id: number): Promise<boolean> {
  const removed = await db
    .delete(users)
    .where(await visibleMember(db, session, id, 'recycled'))
    .returning({ id: users.id });
  return removed.length > 0;
}
