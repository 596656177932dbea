import { z } from 'zod';
import { defineCall } from './define-call';

export const accountLoginBody = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(64, 'username must be at most 64 characters'),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(128, 'password must be at most 128 characters'),
  cid: z.string().max(64).optional(),
  code: z.string().max(16).optional(),
});
export type AccountLoginBody = z.infer<typeof accountLoginBody>;

export const loginResultSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Opaque token, sent back as the Authorization header. */
  token: z.string(),
  /** Expiry as an ISO date-time. */
  expires: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * `data` of a sign-in refused for want of a right captcha code (HTTP 400): the site asks everyone for
 * one (loginConfig.captchaSwitch) or the account failed too often, and the code was missing, wrong or
 * spent. Clients show a new captcha image (GET /user/admin/site/captcha) and send its cid and code.
 */
export const captchaChallengeSchema = z.object({ captchaRequired: z.literal(true) });
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
export const isCaptchaChallenge = (data: unknown): data is CaptchaChallenge => captchaChallengeSchema.safeParse(data).success;

export const accountLoginCall = defineCall({
  method: 'POST',
  path: '/user/admin/site/accountLogin',
  access: 'public',
  tag: 'site',
  summary: 'Sign in with user name and password (and captcha when asked for: a 400 whose data is { captchaRequired: true }).',
  body: accountLoginBody,
  data: loginResultSchema,
});

export const logoutCall = defineCall({
  method: 'POST',
  path: '/user/admin/site/logout',
  access: 'public',
  tag: 'site',
  summary: 'End the current session; its token stops working at once.',
  data: z.null(),
});
