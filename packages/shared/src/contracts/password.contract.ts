import { z } from 'zod';
import { newPasswordSchema } from './account.contract';
import { defineCall } from './define-call';

export const updatePasswordBody = z.object({
  oldPassword: z.string({ error: 'oldPassword is required' }).min(1, 'oldPassword is required').max(256, 'oldPassword is too long'),
  newPassword: newPasswordSchema,
  /** End the caller's other sessions (other devices) at once; the current one stays. */
  endOtherSessions: z.boolean({ error: 'endOtherSessions must be true or false' }).default(true),
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
