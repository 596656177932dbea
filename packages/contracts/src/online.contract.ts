import { z } from 'zod';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { idSchema } from './fields';
import { listQuerySchema } from './list-query';
import { forceLogoutCall } from './member.contract';

/*
 * 在线用户 (/monitor/online): the live sessions of the caller's tenant (every tenant's for the platform),
 * and the force logout of one of them. A session is live while it is neither revoked nor expired and its
 * user is not deleted.
 */

export const onlineRowSchema = z.object({
  /** The session's id. */
  id: z.number().int(),
  tenantId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  realName: z.string(),
  /** The user's department's name ('' without one). */
  deptName: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** Parsed from the user agent stored at sign-in: "Chrome 126", "Windows 10", desktop/mobile/tablet (empty when unknown). */
  browser: z.string(),
  os: z.string(),
  device: z.string(),
  /** Signed in. */
  createdAt: z.string(),
  /** The session's latest call (kept to the minute). */
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type OnlineRow = z.infer<typeof onlineRowSchema>;

export const ONLINE_FIELDS = ['id', 'tenantId', 'userId', 'username', 'ip', 'createdAt', 'lastSeenAt'] as const;
export const ONLINE_KEYWORD_FIELDS = ['username', 'ip'] as const;

export const onlineListCall = defineCall({
  method: 'GET',
  path: '/user/admin/online/list',
  access: 'permission',
  tag: 'online',
  summary: "Live sessions of the caller's tenant within their data scope (every tenant's for the platform), newest sign-in first.",
  query: listQuerySchema,
  data: pagedOf(onlineRowSchema),
});

export const onlineForceLogoutBody = z.object({
  /** The session's user (the coverage guard acts on them). */
  id: idSchema,
  sessionId: z.coerce
    .number({ error: 'The session ID must be a number' })
    .int('The session ID must be a whole number')
    .min(1, 'The session ID must be at least 1')
    .max(2 ** 53 - 1, 'The session ID is too large'),
});

/**
 * Ends one session of a user at once: its next call gets the 61 (登录超时) dialog. Guarded as the force
 * logout of the user is (its permission, the data scope and the actor-covers-target rule).
 */
export const onlineForceLogoutCall = defineCall({
  method: 'POST',
  path: '/user/admin/online/forceLogout',
  access: 'permission',
  permission: forceLogoutCall.path,
  actsOnUser: true,
  tag: 'online',
  summary: "Ends one live session of a user of the caller's tenant at once.",
  body: onlineForceLogoutBody,
  data: z.object({ revoked: z.number().int() }),
});

export const ONLINE_CALLS = [onlineListCall, onlineForceLogoutCall] as const;
