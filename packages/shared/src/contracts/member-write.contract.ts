import { z } from 'zod';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { idBody, idQuery, idSchema, optionalEmail, PHONE_INVALID, PHONE_PATTERN, remarkSchema, statusBody, statusSchema } from './fields';
import { listQuerySchema } from './list-query';
import { memberRowSchema } from './member.contract';

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

const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`);
const url = (name: string) => z.string().trim().max(2048, `${name} must be at most 2048 characters`).default('');

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{2,64}$/;
export const QQ_PATTERN = /^[1-9]\d{4,11}$/;

export const memberEditBody = z.object({
  id: idSchema.optional(),
  username: required('username')
    .max(64, 'username must be at most 64 characters')
    .regex(USERNAME_PATTERN, 'username may use letters, digits and _ . @ - only (2 to 64)'),
  /** Required when creating; ignored on update (use resetPwd). */
  password: z.string().min(8, 'password must be at least 8 characters').max(128, 'password must be at most 128 characters').optional(),
  realName: required('realName').max(64, 'realName must be at most 64 characters'),
  mobile: required('mobile').max(32, PHONE_INVALID).regex(PHONE_PATTERN, PHONE_INVALID),
  email: optionalEmail.default(''),
  deptId: idSchema.nullable().default(null),
  postId: idSchema.nullable().default(null),
  roleIds: z.array(idSchema).max(50, 'roleIds takes at most 50 roles').default([]),
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'sex must be one of 0, 1, 2' }).default(0),
  birthday: z.iso.date('birthday must be a date such as 1990-01-31').nullable().default(null),
  address: z.string().trim().max(255, 'address must be at most 255 characters').default(''),
  qq: z
    .string()
    .trim()
    .refine((v) => v === '' || QQ_PATTERN.test(v), 'qq must be 5 to 12 digits')
    .default(''),
  avatar: url('avatar'),
  alipayName: z.string().trim().max(64, 'alipayName must be at most 64 characters').default(''),
  alipayAccount: z.string().trim().max(128, 'alipayAccount must be at most 128 characters').default(''),
  alipayCode: url('alipayCode'),
  status: statusSchema.default(1),
  remark: remarkSchema,
});
export type MemberEditBody = z.output<typeof memberEditBody>;

const call = <D extends z.ZodType, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever>(
  method: 'GET' | 'POST',
  path: string,
  summary: string,
  data: D,
  io: { query?: Q; body?: B } = {},
) => defineCall<D, Q, B>({ method, path: `/user/admin/member/${path}`, access: 'permission', tag: 'member', summary, data, ...io });

export const memberViewCall = call('GET', 'view', 'One user with every field of the details drawer.', memberDetailSchema, { query: idQuery });
export const memberEditCall = call(
  'POST',
  'edit',
  'Creates a user (no id; password required) or updates one; roles limited to what the caller may grant.',
  memberDetailSchema,
  { body: memberEditBody },
);
export const memberStatusCall = call('POST', 'status', 'Enables (1) or disables (2) a user; disabling ends their sessions. Not oneself.', z.null(), {
  body: statusBody,
});
export const memberResetPwdCall = call('POST', 'resetPwd', "Sets a new password and ends the user's sessions.", z.null(), {
  body: z.object({
    id: idSchema,
    password: z.string({ error: 'password is required' }).min(8, 'password must be at least 8 characters').max(128, 'password must be at most 128 characters'),
  }),
});
export const memberDeleteCall = call('POST', 'delete', 'Moves a user to the recycle bin and ends their sessions. Not oneself.', z.null(), { body: idBody });
export const memberRestoreCall = call('POST', 'restore', 'Brings a user back from the recycle bin.', z.null(), { body: idBody });
export const memberPurgeCall = call('POST', 'purge', 'Removes a user of the recycle bin for good (the balance ledger stays).', z.null(), { body: idBody });
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
