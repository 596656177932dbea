import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ProfileBasicBody, ProfileCard, Withdrawal } from '@uc/contracts';
import type { Db } from '../../db/client';
import { posts, userPosts, users } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import type { Session } from '../auth/access';
import { isMobileInTenant, isMobileTaken, mobileTaken, verifiedKeyOf } from '../member/member-mobile';
import { viewMember } from '../member/member-write.repository';
import { claimUserImages } from '../upload/upload-references';

/*
 * The caller's own record: always the session's user, in the caller's tenant transaction. What the
 * administrator's member screens already do (the detail view, the image checks, the phone rule) is
 * theirs; this adds only what is particular to a user acting on themself.
 */

const self = (session: Session) => and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId), isNull(users.deletedAt));

/** The account centre's card: the member detail of the caller, with every post they hold. */
export async function profileCard(db: Db, session: Session): Promise<ProfileCard> {
  const m = await viewMember(db, session, session.userId, 'live');
  // The main post (users.post_id) first, then further ones (user_posts: registration's policy post).
  const further = await db
    .select({ id: posts.id, name: posts.name })
    .from(userPosts)
    .innerJoin(posts, and(eq(posts.tenantId, userPosts.tenantId), eq(posts.id, userPosts.postId)))
    .where(and(eq(userPosts.tenantId, session.tenantId), eq(userPosts.userId, session.userId)))
    .orderBy(asc(posts.sort), asc(posts.id));
  const [own] = await db
    .select({ mobileVerified: sql<boolean>`${users.verifiedMobile} is not null` })
    .from(users)
    .where(self(session));
  const main = m.postId !== null && m.postName !== null ? [{ id: m.postId, name: m.postName }] : [];
  return {
    id: m.id,
    username: m.username,
    realName: m.realName,
    avatar: m.avatar,
    tenantName: m.tenantName,
    deptName: m.deptName,
    roles: m.roles,
    posts: [...main, ...further.filter((p) => p.id !== m.postId)],
    balance: m.balance,
    integral: m.integral,
    loginCount: m.loginCount,
    lastLoginAt: m.lastLoginAt,
    lastLoginIp: m.lastLoginIp,
    lastActiveAt: m.lastActiveAt,
    createdAt: m.createdAt,
    mobile: m.mobile,
    mobileVerified: own?.mobileVerified ?? false,
    email: m.email,
    sex: m.sex,
    birthday: m.birthday,
    qq: m.qq,
    address: m.address,
  };
}

/**
 * Saves the basic info tab. The avatar passes the member edit's check (empty, or a public upload of
 * the caller's tenant; never another site's image). real_name and avatar are what member/info shows: the auth epoch trigger
 * on users (drizzle/0020) drops every server's cached member/info answer in this transaction.
 */
export async function saveBasicInfo(db: Db, session: Session, body: ProfileBasicBody): Promise<ProfileCard> {
  // alipayCode '' is "not changed here": claimUserImages skips empty values.
  await claimUserImages(db, session, session.userId, { avatar: body.avatar, alipayCode: '' });
  await db
    .update(users)
    .set({ ...body, updatedAt: sql`now()` })
    .where(self(session));
  return profileCard(db, session);
}

export async function readWithdrawal(db: Db, session: Session): Promise<Withdrawal> {
  const [row] = await db
    .select({ alipayName: users.alipayName, alipayAccount: users.alipayAccount, alipayCode: users.alipayCode })
    .from(users)
    .where(self(session));
  return row ?? { alipayName: '', alipayAccount: '', alipayCode: '' };
}

/** The payment code must be a private upload of the caller's tenant (the file route shows it to them and their administrators only). */
export async function saveWithdrawal(db: Db, session: Session, body: Withdrawal): Promise<Withdrawal> {
  await claimUserImages(db, session, session.userId, { avatar: '', alipayCode: body.alipayCode });
  await db
    .update(users)
    .set({ alipayName: body.alipayName, alipayAccount: body.alipayAccount, alipayCode: body.alipayCode, updatedAt: sql`now()` })
    .where(self(session));
  return readWithdrawal(db, session);
}

export const SAME_MOBILE = 'mobile: this is already the phone number of your account: enter the new number';
export const MOBILE_ON_COLLEAGUE =
  'mobile: the phone number "{mobile}" is on another user of your tenant: ask your administrator to remove it from that user, or use another number';

/**
 * Refuses only the caller's own number once verified: nothing would change. Their own unverified
 * number (typed by an administrator) is what they verify this way. Whether anybody else has a number
 * is said only after the right code (setMobile), so only the phone's holder learns it.
 */
export async function refuseOwnVerifiedMobile(db: Db, session: Session, mobile: string): Promise<void> {
  const [row] = await db
    .select({ own: sql<boolean>`${users.verifiedMobile} = uc_mobile_key(${mobile})` })
    .from(users)
    .where(self(session));
  if (row?.own) throw badRequest(SAME_MOBILE);
}

/**
 * Sets the caller's number as verified (their code for it was right): a 409 when another account has
 * verified it, in any tenant, or another user of the caller's tenant has it at all. The refusal rolls
 * the call back, the spent code included, so the user keeps the code.
 */
export async function setMobile(db: Db, session: Session, mobile: string): Promise<void> {
  try {
    await db
      .update(users)
      .set({ mobile, verifiedMobile: verifiedKeyOf(mobile), updatedAt: sql`now()` })
      .where(self(session));
  } catch (err) {
    if (isMobileTaken(err)) throw mobileTaken(mobile);
    if (isMobileInTenant(err)) throw conflict(MOBILE_ON_COLLEAGUE, { mobile });
    throw err;
  }
}
