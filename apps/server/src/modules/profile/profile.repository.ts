import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ProfileBasicBody, Withdrawal } from '@uc/contracts';
import type { Db } from '../../db/client';
import { posts, userPosts, users } from '../../db/schema';
import type { Session } from '../auth/access';
import { isMobileInTenant, isMobileTaken, verifiedKeyOf } from '../member/member-mobile';

/* The caller's own user row: always the session's user, live, in the caller's tenant transaction. */

const self = (session: Session) => and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId), isNull(users.deletedAt));

/** The posts the caller holds besides the main one (user_posts: registration's policy post), in the posts' order. */
export async function furtherPosts(db: Db, session: Session): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: posts.id, name: posts.name })
    .from(userPosts)
    .innerJoin(posts, and(eq(posts.tenantId, userPosts.tenantId), eq(posts.id, userPosts.postId)))
    .where(and(eq(userPosts.tenantId, session.tenantId), eq(userPosts.userId, session.userId)))
    .orderBy(asc(posts.sort), asc(posts.id));
}

/** Whether the caller's number is verified (false when the user is gone). */
export async function ownMobileVerified(db: Db, session: Session): Promise<boolean> {
  const [own] = await db
    .select({ mobileVerified: sql<boolean>`${users.verifiedMobile} is not null` })
    .from(users)
    .where(self(session));
  return own?.mobileVerified ?? false;
}

export async function updateBasicInfo(db: Db, session: Session, body: ProfileBasicBody): Promise<void> {
  await db
    .update(users)
    .set({ ...body, updatedAt: sql`now()` })
    .where(self(session));
}

export async function ownWithdrawal(db: Db, session: Session): Promise<Withdrawal | undefined> {
  const [row] = await db
    .select({ alipayName: users.alipayName, alipayAccount: users.alipayAccount, alipayCode: users.alipayCode })
    .from(users)
    .where(self(session));
  return row;
}

export async function updateWithdrawal(db: Db, session: Session, body: Withdrawal): Promise<void> {
  await db
    .update(users)
    .set({ alipayName: body.alipayName, alipayAccount: body.alipayAccount, alipayCode: body.alipayCode, updatedAt: sql`now()` })
    .where(self(session));
}

/** Whether `mobile` is the caller's own verified number. */
export async function isOwnVerifiedMobile(db: Db, session: Session, mobile: string): Promise<boolean> {
  const [row] = await db
    .select({ own: sql<boolean>`${users.verifiedMobile} = uc_mobile_key(${mobile})` })
    .from(users)
    .where(self(session));
  return row?.own ?? false;
}

/**
 * Sets the caller's number as verified; or the unique index the write ran into: the number verified
 * by another account (any tenant), or on another user of the caller's tenant (the statement failed).
 */
export async function writeVerifiedMobile(db: Db, session: Session, mobile: string): Promise<'set' | 'mobileTaken' | 'mobileInTenant'> {
  try {
    await db
      .update(users)
      .set({ mobile, verifiedMobile: verifiedKeyOf(mobile), updatedAt: sql`now()` })
      .where(self(session));
    return 'set';
  } catch (err) {
    if (isMobileTaken(err)) return 'mobileTaken';
    if (isMobileInTenant(err)) return 'mobileInTenant';
    throw err;
  }
}
