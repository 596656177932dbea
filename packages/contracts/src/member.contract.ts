import { z } from 'zod';
import { defineBatchCall } from './batch';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { listQuerySchema } from './list-query';
import { uploadedImage } from './upload.contract';
import { idBody, idQuery, idSchema, newPasswordSchema, optionalEmail, PHONE_INVALID, PHONE_PATTERN, remarkSchema, statusBody, statusSchema } from './fields';

// The user import's and the lock screen's contracts have files of their own; they are member calls.
export * from './member-import.contract';
export * from './member-unlock.contract';

export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  avatar: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  /** The platform super administrator passes every permission check. */
  isSuperAdmin: z.boolean(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), key: z.string() })),
  /** Permission strings (API addresses) the user holds; drives which buttons show. */
  permissions: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const memberInfoCall = defineCall({
  method: 'GET',
  path: '/user/admin/member/info',
  access: 'session',
  tag: 'member',
  summary: 'The signed-in user, their roles and permission strings.',
  query: z.object({ addon: z.string().max(64).optional() }),
  data: currentUserSchema,
});

export const memberRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  avatar: z.string(),
  mobile: z.string(),
  email: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  status: z.number().int(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string(),
  loginCount: z.number().int(),
  createdAt: z.string(),
  postId: z.number().int().nullable(),
  postName: z.string().nullable(),
  /** Money as a decimal string with two places ("12.50"), never a float. */
  balance: z.string(),
  integral: z.number().int(),
  sex: z.number().int(),
  /** Set for users in the recycle bin. */
  deletedAt: z.string().nullable(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

/** Fields a member list may filter and sort on (the server allow-list; anything else is a 400). */
export const MEMBER_LIST_FIELDS = [
  'id',
  'username',
  'realName',
  'mobile',
  'email',
  'deptId',
  'postId',
  'sex',
  'status',
  'balance',
  'integral',
  'lastLoginAt',
  'lastLoginIp',
  'loginCount',
  'createdAt',
  'deletedAt',
] as const;
/** Fields the `keyword` operator searches. */
export const MEMBER_KEYWORD_FIELDS = ['username', 'realName', 'mobile', 'email'] as const;

export const memberListCall = defineCall({
  method: 'GET',
  path: '/user/admin/member/list',
  access: 'permission',
  tag: 'member',
  summary: "Users of the caller's tenant, paged, filtered and sorted.",
  query: listQuerySchema,
  data: pagedOf(memberRowSchema),
});

/** Everything the details drawer shows: the User entity of the spec (section 3). */
export const memberDetailSchema = z.object({
  /** AdminID. */
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  tenantName: z.string(),
  avatar: z.string(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  postId: z.number().int().nullable(),
  postName: z.string().nullable(),
  balance: z.string(),
  /** Points. */
  integral: z.number().int(),
  mobile: z.string(),
  email: z.string(),
  /** 0 unknown, 1 male, 2 female. */
  sex: z.number().int(),
  birthday: z.string().nullable(),
  address: z.string(),
  qq: z.string(),
  /** Latest activity of any of the user's sessions; null: never logged in. */
  lastActiveAt: z.string().nullable(),
  lastLoginIp: z.string(),
  lastLoginAt: z.string().nullable(),
  loginCount: z.number().int(),
  createdAt: z.string(),
  alipayName: z.string(),
  alipayAccount: z.string(),
  /** URL of the Alipay payment code image. */
  alipayCode: z.string(),
  status: z.number().int(),
  remark: z.string(),
  deletedAt: z.string().nullable(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** A text the form cannot leave empty; `label` is the field's name on the screen. */
const required = (label: string) =>
  z
    .string({ error: `${label} cannot be empty` })
    .trim()
    .min(1, `${label} cannot be empty`);

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{2,64}$/;
export const QQ_PATTERN = /^[1-9]\d{4,11}$/;

export const memberEditBody = z.object({
  id: idSchema.optional(),
  username: required('Username')
    .max(64, 'Username must be at most 64 characters')
    .regex(USERNAME_PATTERN, 'Username must be 2 to 64 letters, digits or _ . @ -'),
  /** Required when creating; ignored on update (use resetPwd). */
  password: z.string().min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters').optional(),
  realName: required('Real name').max(64, 'Real name must be at most 64 characters'),
  mobile: required('Mobile').max(32, PHONE_INVALID).regex(PHONE_PATTERN, PHONE_INVALID),
  email: optionalEmail.default(''),
  deptId: idSchema.nullable().default(null),
  postId: idSchema.nullable().default(null),
  roleIds: z.array(idSchema).max(50, 'Choose at most 50 roles').default([]),
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'Sex must be 0 (unknown), 1 (male) or 2 (female)' }).default(0),
  birthday: z.iso.date('Birthday must be a date such as 1990-01-31').nullable().default(null),
  address: z.string().trim().max(255, 'Address must be at most 255 characters').default(''),
  qq: z
    .string()
    .trim()
    .refine((v) => v === '' || QQ_PATTERN.test(v), 'QQ number must be 5 to 12 digits')
    .default(''),
  avatar: uploadedImage(),
  alipayName: z.string().trim().max(64, 'Alipay name must be at most 64 characters').default(''),
  alipayAccount: z.string().trim().max(128, 'Alipay account must be at most 128 characters').default(''),
  alipayCode: uploadedImage(),
  status: statusSchema.default(1),
  remark: remarkSchema,
});
export type MemberEditBody = z.output<typeof memberEditBody>;

const call = <D extends z.ZodType, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever>(
  method: 'GET' | 'POST',
  path: string,
  summary: string,
  data: D,
  io: { query?: Q; body?: B; actsOnUser?: boolean } = {},
) => defineCall<D, Q, B>({ method, path: `/user/admin/member/${path}`, access: 'permission', tag: 'member', summary, data, ...io });

export const memberViewCall = call('GET', 'view', 'One user with every field of the details drawer.', memberDetailSchema, { query: idQuery });
export const memberEditCall = call(
  'POST',
  'edit',
  'Creates a user (no id; password required) or updates one; roles limited to what the caller may grant.',
  memberDetailSchema,
  { actsOnUser: true, body: memberEditBody },
);
export const memberStatusCall = call('POST', 'status', 'Enables (1) or disables (2) a user; disabling ends their sessions. Not oneself.', z.null(), {
  actsOnUser: true,
  body: statusBody,
});
export const memberResetPwdCall = call('POST', 'resetPwd', "Sets a new password and ends the user's sessions.", z.null(), {
  actsOnUser: true,
  body: z.object({
    id: idSchema,
    password: z
      .string({ error: 'Password cannot be empty' })
      .min(8, 'Password must be at least 8 characters')
      .max(128, 'Password must be at most 128 characters'),
  }),
});
export const memberDeleteCall = call('POST', 'delete', 'Moves a user to the recycle bin and ends their sessions. Not oneself.', z.null(), {
  actsOnUser: true,
  body: idBody,
});
export const memberRestoreCall = call('POST', 'restore', 'Brings a user back from the recycle bin.', z.null(), { actsOnUser: true, body: idBody });
export const memberPurgeCall = call('POST', 'purge', 'Removes a user of the recycle bin for good (the balance ledger stays).', z.null(), {
  actsOnUser: true,
  body: idBody,
});
export const memberRecycleListCall = call('GET', 'recycle/list', 'Users in the recycle bin, paged, filtered and sorted.', pagedOf(memberRowSchema), {
  query: listQuerySchema,
});

export const MEMBER_WRITE_CALLS = [
  memberViewCall,
  memberEditCall,
  memberStatusCall,
  memberResetPwdCall,
  memberDeleteCall,
  memberRestoreCall,
  memberPurgeCall,
  memberRecycleListCall,
] as const;

export const operateMode = { add: 1, deduct: 2 } as const;
export const ledgerKind = { balance: 1, integral: 2 } as const;
/**
 * How a user came to be (users.source): registered signed themselves up on the registration page (with
 * or without an invitation); administrator was added by one (or made with a tenant, or the demo account);
 * imported came from a spreadsheet import; unknown was created before the server recorded it.
 */
export const userSource = { unknown: 0, registered: 1, administrator: 2, imported: 3 } as const;

const body = (num: z.ZodType<number>) =>
  z.object({
    id: idSchema,
    operateMode: z.union([z.literal(1), z.literal(2)], { error: 'The operation must be 1 (add) or 2 (deduct)' }),
    num,
    remark: z.string().trim().max(255, 'Remark must be at most 255 characters').default(''),
    /** Optional: a retried request with the same key is applied once and answers the first result. */
    idempotencyKey: z
      .string()
      .trim()
      .min(8, 'The idempotency key must be 8 to 64 characters')
      .max(64, 'The idempotency key must be 8 to 64 characters')
      .optional(),
  });

export const addBalanceBody = body(
  z
    .number({ error: 'The amount must be a number' })
    .positive('The amount must be greater than 0')
    .max(1e10, 'The amount must be at most 10000000000')
    .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'Enter the amount with at most two decimal places'),
);
export const addIntegralBody = body(
  z
    .number({ error: 'The amount must be a number' })
    .int('The amount must be a whole number')
    .positive('The amount must be greater than 0')
    .max(1e12, 'The amount must be at most 1000000000000'),
);
export type BalanceChangeBody = z.output<typeof addBalanceBody>;

export const balanceChangeSchema = z.object({
  ledgerId: z.number().int(),
  userId: z.number().int(),
  kind: z.number().int(),
  before: z.string(),
  after: z.string(),
  change: z.string(),
  /** True when an earlier request with the same idempotency key had already applied it. */
  replayed: z.boolean(),
});
export type BalanceChange = z.infer<typeof balanceChangeSchema>;

export const addBalanceCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/addBalance',
  access: 'permission',
  actsOnUser: true,
  tag: 'member',
  summary: "Adds to (1) or deducts from (2) a user's balance; never below zero; written to the ledger in the same transaction.",
  body: addBalanceBody,
  data: balanceChangeSchema,
});

export const addIntegralCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/addIntegral',
  access: 'permission',
  actsOnUser: true,
  tag: 'member',
  summary: "Adds to (1) or deducts from (2) a user's points; never below zero; written to the ledger in the same transaction.",
  body: addIntegralBody,
  data: balanceChangeSchema,
});

export const ledgerRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** 1 balance, 2 points. */
  kind: z.number().int(),
  before: z.string(),
  after: z.string(),
  change: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;
/** What the ledger list filters and sorts on; the keyword searches the operator and the remark. */
export const LEDGER_LIST_FIELDS = ['id', 'kind', 'change', 'before', 'after', 'operatorId', 'operatorName', 'remark', 'createdAt'] as const;
export const LEDGER_KEYWORD_FIELDS = ['operatorName', 'remark'] as const;

export const ledgerListCall = defineCall({
  method: 'GET',
  path: '/user/admin/member/ledger/list',
  access: 'permission',
  tag: 'member',
  summary: "A user's balance and points changes, newest first unless sorted; filters on the ledger fields.",
  query: listQuerySchema.extend({ userId: idSchema }),
  data: pagedOf(ledgerRowSchema),
});

export const MEMBER_BALANCE_CALLS = [addBalanceCall, addIntegralCall, ledgerListCall] as const;

export const recordIdBody = z.object({
  id: z.coerce
    .number({ error: 'The ID is required' })
    .int('The ID must be a whole number')
    .positive('The ID must be a positive whole number')
    .max(Number.MAX_SAFE_INTEGER, 'The ID is too large'),
});

export const sessionRowSchema = z.object({
  id: z.number().int(),
  ip: z.string(),
  userAgent: z.string(),
  /** Parsed from the user agent stored at sign-in: "Chrome 126", "Windows 10", desktop/mobile/tablet (empty when unknown). */
  browser: z.string(),
  os: z.string(),
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;

export const memberSessionsCall = defineCall({
  method: 'GET',
  path: '/user/admin/member/sessions',
  access: 'session',
  tag: 'member',
  summary: "The caller's own live sessions (devices signed in), newest first.",
  data: z.object({ list: z.array(sessionRowSchema) }),
});

export const revokeSessionCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/sessions/revoke',
  access: 'session',
  tag: 'member',
  summary: "Ends one of the caller's own sessions at once.",
  body: recordIdBody,
  data: z.null(),
});

export const forceLogoutCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/forceLogout',
  access: 'permission',
  actsOnUser: true,
  tag: 'member',
  summary: "Ends every session of a user of the caller's tenant at once.",
  body: recordIdBody,
  data: z.object({ revoked: z.number().int() }),
});

export const updatePasswordBody = z.object({
  oldPassword: z.string({ error: 'Current password cannot be empty' }).min(1, 'Current password cannot be empty').max(256, 'Current password is too long'),
  newPassword: newPasswordSchema,
  /** End the caller's other sessions (other devices) at once; the current one stays. */
  endOtherSessions: z.boolean({ error: 'Signing out on other devices must be true or false' }).default(true),
});

export const updatePasswordCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/updatePwd',
  access: 'session',
  tag: 'member',
  summary: "Changes the caller's own password (the current one is checked); optionally ends the caller's other sessions at once.",
  body: updatePasswordBody,
  data: z.object({ revoked: z.number().int() }),
});

/*
 * Batch actions of the user list (batch.ts): each needs the permission of its single-row call, and each
 * row is checked by that call's code, the coverage guard included.
 */
export const memberStatusBatchCall = defineBatchCall({
  of: memberStatusCall,
  path: '/user/admin/member/batch/status',
  summary: 'Enables (1) or disables (2) each user of ids, as member/status does one; answers per user.',
  extra: { status: statusSchema },
});
export const memberDeleteBatchCall = defineBatchCall({
  of: memberDeleteCall,
  path: '/user/admin/member/batch/delete',
  summary: 'Moves each user of ids to the recycle bin, as member/delete does one; answers per user.',
});
export const memberRestoreBatchCall = defineBatchCall({
  of: memberRestoreCall,
  path: '/user/admin/member/batch/restore',
  summary: 'Brings each user of ids back from the recycle bin, as member/restore does one; answers per user.',
});
export const forceLogoutBatchCall = defineBatchCall({
  of: forceLogoutCall,
  path: '/user/admin/member/batch/forceLogout',
  summary: 'Ends every session of each user of ids, as member/forceLogout does one; answers per user.',
});
export const memberDeptBatchCall = defineBatchCall({
  of: memberEditCall,
  path: '/user/admin/member/batch/dept',
  summary: "Moves each user of ids to the department deptId (one in the caller's data scope), with member/edit's checks; answers per user.",
  extra: { deptId: idSchema },
});
/** `set`: the roles the caller may grant become exactly roleIds (the others stay); `add`: roleIds are added. */
export const ROLE_BATCH_MODES = ['set', 'add'] as const;
export type RoleBatchMode = (typeof ROLE_BATCH_MODES)[number];
export const memberRolesBatchCall = defineBatchCall({
  of: memberEditCall,
  path: '/user/admin/member/batch/roles',
  summary: "Sets (the grantable roles become roleIds) or adds roleIds to the roles of each user of ids, with member/edit's checks; answers per user.",
  extra: {
    roleIds: z.array(idSchema, { error: 'Roles must be a list of role IDs' }).min(1, 'Choose at least one role').max(50, 'Choose at most 50 roles'),
    mode: z.enum(ROLE_BATCH_MODES, { error: 'The mode must be set or add' }),
  },
});

export const MEMBER_BATCH_CALLS = [
  memberStatusBatchCall,
  memberDeleteBatchCall,
  memberRestoreBatchCall,
  forceLogoutBatchCall,
  memberDeptBatchCall,
  memberRolesBatchCall,
] as const;
