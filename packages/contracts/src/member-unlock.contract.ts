import { z } from 'zod';
import { defineCall } from './define-call';

/** Unlocking the console's lock screen: the caller's own login password, and a captcha when the sign-in throttle asks for one. */
export const unlockBody = z.object({
  password: z.string({ error: 'Password cannot be empty' }).min(1, 'Password cannot be empty').max(128, 'Password must be at most 128 characters'),
  cid: z.string().max(64).optional(),
  code: z.string().max(16).optional(),
});
export type UnlockBody = z.infer<typeof unlockBody>;

/**
 * The lock screen (the spec's IS-LOCKSCREEN) hides the console until its user types their password
 * again; the session stays as it was. Checked as a sign-in of the same account from the same address
 * is, so a console left locked on a desk is no way around the sign-in throttle.
 */
export const memberUnlockCall = defineCall({
  method: 'POST',
  path: '/user/admin/member/unlock',
  access: 'session',
  tag: 'member',
  summary:
    "Checks the caller's own login password to leave the console's lock screen (the session stays as it was). Counted by the sign-in throttle like a sign-in: a wrong password counts against the account and the address, a 429 while locked out, and a 400 whose data is { captchaRequired: true } when the account needs a captcha (cid and code).",
  body: unlockBody,
  data: z.null(),
});
