import { z } from 'zod';
import { defineCall } from './define-call';

export const recordIdBody = z.object({
  id: z.coerce
    .number({ error: 'id is required' })
    .int('id must be a whole number')
    .positive('id must be a positive whole number')
    .max(Number.MAX_SAFE_INTEGER, 'id is too large'),
});

export const sessionRowSchema = z.object({
  id: z.number().int(),
  ip: z.string(),
  userAgent: z.string(),
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
  tag: 'member',
  summary: "Ends every session of a user of the caller's tenant at once.",
  body: recordIdBody,
  data: z.object({ revoked: z.number().int() }),
});
