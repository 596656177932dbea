import { z } from 'zod';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { listQuerySchema } from './list-query';
import { loginLogRowSchema } from './log.contract';
import { ledgerRowSchema, memberDetailSchema, memberEditBody } from './member.contract';
import { mobileSchema, smsCodeSchema } from './sms.contract';
import { uploadImageQuery, uploadResultSchema } from './upload.contract';

/*
 * The signed-in user's own account (issue 14: account centre and settings). Every call is `session`
 * access: a user may always see and manage themself, whatever their roles grant, and only themself
 * (the record is the session's user, never an id from the request). Changing the password and the
 * own sessions list and revoke are member.contract.ts's updatePasswordCall, memberSessionsCall and
 * revokeSessionCall; this file adds the rest.
 */

const PROFILE = '/user/admin/member/profile';

const call = <D extends z.ZodType, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever>(
  method: 'GET' | 'POST',
  path: string,
  summary: string,
  data: D,
  io: { query?: Q; body?: B } = {},
) => defineCall<D, Q, B>({ method, path: `${PROFILE}/${path}`, access: 'session', tag: 'profile', summary, data, ...io });

const named = z.object({ id: z.number().int(), name: z.string() });

/**
 * The account centre's card and the basic info form: the User entity of the spec (the member detail)
 * without the withdrawal data and the administrator's fields, with every post of the user. AdminID,
 * username and tenantName are read-only.
 */
export const profileCardSchema = memberDetailSchema
  .pick({
    id: true,
    username: true,
    realName: true,
    avatar: true,
    tenantName: true,
    deptName: true,
    roles: true,
    balance: true,
    integral: true,
    loginCount: true,
    lastLoginAt: true,
    lastLoginIp: true,
    lastActiveAt: true,
    createdAt: true,
    mobile: true,
    email: true,
    sex: true,
    birthday: true,
    qq: true,
    address: true,
  })
  .extend({
    /** The main post and any further ones. */
    posts: z.array(named),
    /**
     * Whether the user proved the number with an SMS code (registration, or the number change here).
     * Only a verified number signs in by SMS and resets the password; one an administrator typed is
     * verified by asking for a code to it here.
     */
    mobileVerified: z.boolean(),
  });
export type ProfileCard = z.infer<typeof profileCardSchema>;

export const profileCenterCall = call(
  'GET',
  'center',
  "The caller's own card: profile, tenant, department, roles, posts, balance, points, sign-ins.",
  profileCardSchema,
);

/** A sign-in of the caller's, with the device the user agent names. */
export const profileLoginRowSchema = loginLogRowSchema
  .pick({ id: true, method: true, result: true, reason: true, ip: true, userAgent: true, createdAt: true })
  .extend({
    /** Browser and version, such as "Chrome 126"; empty when the user agent does not say. */
    browser: z.string(),
    /** Operating system, such as "Windows 10". */
    os: z.string(),
    /** desktop, mobile, tablet, tv, bot or empty. */
    device: z.string(),
  });
export type ProfileLoginRow = z.infer<typeof profileLoginRowSchema>;

export const profileLoginsCall = call(
  'GET',
  'logins',
  "The caller's own sign-in attempts (successful and failed), newest first; filters on the login log's fields.",
  pagedOf(profileLoginRowSchema),
  { query: listQuerySchema },
);

export const profileLedgerCall = call(
  'GET',
  'ledger',
  "The caller's own balance and points changes, newest first unless sorted; filters on the ledger fields.",
  pagedOf(ledgerRowSchema),
  { query: listQuerySchema },
);

/** The basic info tab: what a user may change about themself (user name, AdminID and tenant are read-only). */
export const profileBasicBody = memberEditBody.pick({ avatar: true, realName: true, sex: true, birthday: true, qq: true, email: true, address: true });
export type ProfileBasicBody = z.output<typeof profileBasicBody>;

export const profileEditCall = call(
  'POST',
  'edit',
  "Saves the caller's basic info (avatar: empty, or the url of an image the caller's tenant uploaded here); member/info shows it on the next call.",
  profileCardSchema,
  { body: profileBasicBody },
);

export const profileUploadCall = defineCall({
  method: 'POST',
  path: `${PROFILE}/upload`,
  access: 'session',
  tag: 'profile',
  summary:
    'Uploads an image for the caller\'s own account (multipart/form-data, field "file", at most 2M): purpose=public for the avatar, ' +
    'purpose=private for the payment code. Like /admin/admin/upload/image, without needing its permission.',
  query: uploadImageQuery,
  data: uploadResultSchema,
});

export const profileMobileCodeCall = call(
  'POST',
  'mobile/code',
  'Sends a code to the new phone number, or to the current one while it is unverified (event changeMobile; the SMS limits apply: one a minute, ' +
    '10 an hour per number and per account, 30 per address). Answers the same whether or not another account has the number.',
  z.object({ cooldownSeconds: z.number().int(), expiresInSeconds: z.number().int() }),
  { body: z.object({ mobile: mobileSchema }) },
);

export const profileMobileCall = call(
  'POST',
  'mobile',
  "Makes the number the code was sent to the caller's verified phone number; 409 (after a right code only) when another account has verified it or another user of the tenant has it.",
  profileCardSchema,
  { body: z.object({ mobile: mobileSchema, code: smsCodeSchema }) },
);

export const revokeOtherSessionsCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/sessions/revokeOthers',
  access: 'session',
  tag: 'member',
  summary: "Ends every session of the caller's except the one making this call, at once.",
  data: z.object({ revoked: z.number().int() }),
});

export const withdrawalSchema = memberEditBody.pick({ alipayName: true, alipayAccount: true, alipayCode: true });
export type Withdrawal = z.output<typeof withdrawalSchema>;

export const profileWithdrawalCall = call(
  'GET',
  'withdrawal',
  "The caller's withdrawal account: Alipay name, account and payment code image (a private upload).",
  z.object({ alipayName: z.string(), alipayAccount: z.string(), alipayCode: z.string() }),
);

export const profileWithdrawalEditCall = call(
  'POST',
  'withdrawal/edit',
  "Saves the caller's withdrawal account, confirmed with their login password (a wrong one changes nothing).",
  z.object({ alipayName: z.string(), alipayAccount: z.string(), alipayCode: z.string() }),
  {
    body: withdrawalSchema.extend({
      password: z.string({ error: 'Password cannot be empty' }).min(1, 'Password cannot be empty').max(256, 'Password is too long'),
    }),
  },
);

/** Which kinds of messages the user wants (all on until they say otherwise). */
export const noticePreferencesSchema = z.object({
  /** Public notices. */
  notices: z.boolean({ error: 'The notices setting must be true or false' }),
  /** Private letters. */
  letters: z.boolean({ error: 'The private letters setting must be true or false' }),
  /** System messages. */
  system: z.boolean({ error: 'The system messages setting must be true or false' }),
});
export type NoticePreferences = z.infer<typeof noticePreferencesSchema>;

export const profileNotificationCall = call('GET', 'notification', "The caller's notification switches.", noticePreferencesSchema);

export const profileNotificationEditCall = call('POST', 'notification/edit', "Saves the caller's notification switches.", noticePreferencesSchema, {
  body: noticePreferencesSchema,
});

export const PROFILE_CALLS = [
  profileCenterCall,
  profileLoginsCall,
  profileLedgerCall,
  profileEditCall,
  profileUploadCall,
  profileMobileCodeCall,
  profileMobileCall,
  revokeOtherSessionsCall,
  profileWithdrawalCall,
  profileWithdrawalEditCall,
  profileNotificationCall,
  profileNotificationEditCall,
] as const;
