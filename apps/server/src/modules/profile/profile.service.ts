import type { ProfileBasicBody, ProfileCard, Withdrawal } from '@uc/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import type { Session } from '../auth/access';
import { mobileTaken } from '../member/member-mobile';
import { viewMember } from '../member/member-write.service';
import { claimUserImages } from '../upload/upload-references';
import {
  furtherPosts,
  isOwnVerifiedMobile,
  ownMobileVerified,
  ownWithdrawal,
  updateBasicInfo,
  updateWithdrawal,
  writeVerifiedMobile,
} from './profile.repository';

/*
 * The caller's own record: always the session's user, in the caller's tenant transaction. What the
 * administrator's member screens already do (the detail view, the image checks, the phone rule) is
 * theirs; this adds only what is particular to a user acting on themself.
 */

/** The account centre's card: the member detail of the caller, with every post they hold. */
export async function profileCard(db: Db, session: Session): Promise<ProfileCard> {
  const m = await viewMember(db, session, session.userId, 'live');
  // The main post (users.post_id) first, then further ones (user_posts: registration's policy post).
  const further = await furtherPosts(db, session);
  const mobileVerified = await ownMobileVerified(db, session);
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
    mobileVerified,
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
  await updateBasicInfo(db, session, body);
  return profileCard(db, session);
}

export async function readWithdrawal(db: Db, session: Session): Promise<Withdrawal> {
  return (await ownWithdrawal(db, session)) ?? { alipayName: '', alipayAccount: '', alipayCode: '' };
}

/** The payment code must be a private upload of the caller's tenant (the file route shows it to them and their administrators only). */
export async function saveWithdrawal(db: Db, session: Session, body: Withdrawal): Promise<Withdrawal> {
  await claimUserImages(db, session, session.userId, { avatar: '', alipayCode: body.alipayCode });
  await updateWithdrawal(db, session, body);
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
  if (await isOwnVerifiedMobile(db, session, mobile)) throw badRequest(SAME_MOBILE);
}

/**
 * Sets the caller's number as verified (their code for it was right): a 409 when another account has
 * verified it, in any tenant, or another user of the caller's tenant has it at all. The refusal rolls
 * the call back, the spent code included, so the user keeps the code.
 */
export async function setMobile(db: Db, session: Session, mobile: string): Promise<void> {
  const set = await writeVerifiedMobile(db, session, mobile);
  if (set === 'mobileTaken') throw mobileTaken(mobile);
  if (set === 'mobileInTenant') throw conflict(MOBILE_ON_COLLEAGUE, { mobile });
}
