import { z } from 'zod';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { listQuerySchema } from './list-query';

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
