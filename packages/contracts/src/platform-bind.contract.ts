import { z } from 'zod';
import { defineCall, type CallContract } from './define-call';
import { NO_NUL } from './fields';
import { captchaSchema } from './site.contract';

/*
 * Platform binding (/pt/bind): a platform user binds their own local account to their account on
 * another instance of this platform. Binding signs in there (POST /user/admin/site/accountLogin) and
 * reads member/info; this server keeps the remote session token, encrypted with the server key, and
 * never the password. Each call acts on the caller's own binding only (one per user).
 */

/**
 * Where a binding stands. `unbound` is the state of a user with no binding (no row is stored for it);
 * `failed`: the last check could not verify the binding (the platform was down, refused or answered
 * something else), it may work again; `expired`: the platform no longer accepts the stored session
 * (it ran out or was ended there), only binding again with the password helps.
 */
export const BindStatus = { unbound: 0, bound: 1, failed: 2, expired: 3 } as const;
export type BindStatusValue = (typeof BindStatus)[keyof typeof BindStatus];

/** The address as typed: http(s) only; the server normalises it (see the service) and checks the host. */
export const PLATFORM_URL_MAX = 512;

export const platformBindingSchema = z.object({
  /** The platform's base address, normalised (no trailing slash, no /user/web console path). */
  platformUrl: z.string(),
  /** The client id the user entered for this platform ('' when none). */
  clientId: z.string(),
  /** The user name signed in with on the platform. */
  username: z.string(),
  /** The account on the platform, as its member/info answered at the last successful check. */
  platformUserId: z.number().int().nullable(),
  platformUsername: z.string(),
  platformRealName: z.string(),
  status: z.number().int(),
  /** When the binding was last verified against the platform (bound or checked), ISO date-time. */
  lastCheckedAt: z.string().nullable(),
  /** Why the last check did not succeed, in the reader's language; '' when it did. */
  lastError: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlatformBinding = z.infer<typeof platformBindingSchema>;

/** The caller's own binding, beside their local account (shown next to the platform names). */
export const platformBindViewSchema = z.object({
  local: z.object({ userId: z.number().int(), username: z.string(), realName: z.string() }),
  /** null: unbound. */
  binding: platformBindingSchema.nullable(),
});
export type PlatformBindView = z.infer<typeof platformBindViewSchema>;

const required = (field: string, max: number) =>
  z
    .string({ error: `${field} cannot be empty` })
    .trim()
    .min(1, `${field} cannot be empty`)
    .max(max, `${field} must be at most ${max} characters`)
    .regex(NO_NUL, `${field} cannot contain NUL characters`);

export const platformBindBody = z.object({
  platformUrl: required('Platform URL', PLATFORM_URL_MAX),
  /** Optional: the identifier the platform gave this client, kept with the binding. */
  clientId: z
    .string({ error: 'Client id must be text' })
    .trim()
    .max(128, 'Client id must be at most 128 characters')
    .regex(NO_NUL, 'Client id cannot contain NUL characters')
    .default(''),
  username: required('Platform username', 64),
  // Not trimmed: a password is sent as typed.
  password: z
    .string({ error: 'Platform password cannot be empty' })
    .min(1, 'Platform password cannot be empty')
    .max(128, 'Platform password must be at most 128 characters')
    .regex(NO_NUL, 'Platform password cannot contain NUL characters'),
  /** The platform's captcha, when it asked for one (platformBindCaptchaCall gives the image and cid). */
  cid: z.string().max(64, 'Captcha id must be at most 64 characters').optional(),
  code: z.string().max(16, 'Captcha code must be at most 16 characters').optional(),
});
export type PlatformBindBody = z.output<typeof platformBindBody>;
export type PlatformBindInput = z.input<typeof platformBindBody>;

export const platformBindViewCall = defineCall({
  method: 'GET',
  path: '/user/admin/platform/bind/view',
  access: 'permission',
  platformOnly: true,
  tag: 'platform-bind',
  summary: "The caller's own platform binding (null when unbound) and their local account's names.",
  data: platformBindViewSchema,
});

export const platformBindCall = defineCall({
  method: 'POST',
  path: '/user/admin/platform/bind/bind',
  access: 'permission',
  platformOnly: true,
  tag: 'platform-bind',
  summary:
    "Binds the caller's account to an account on another platform: signs in there (accountLogin) and reads its member/info; keeps the session token encrypted, never the password. A refusal changes nothing; a 400 whose data is { captchaRequired: true } asks for the platform's captcha.",
  body: platformBindBody,
  data: platformBindViewSchema,
});

export const platformBindCheckCall = defineCall({
  method: 'POST',
  path: '/user/admin/platform/bind/check',
  access: 'permission',
  platformOnly: true,
  tag: 'platform-bind',
  summary:
    "Verifies the caller's binding now with the stored session (the platform's member/info): bound, expired (the platform no longer accepts the session) or failed (it could not be verified), with the reason.",
  data: platformBindViewSchema,
});

export const platformUnbindCall = defineCall({
  method: 'POST',
  path: '/user/admin/platform/bind/unbind',
  access: 'permission',
  platformOnly: true,
  tag: 'platform-bind',
  summary: "Removes the caller's binding and its stored session (and signs that session out on the platform, if it still answers).",
  data: z.null(),
});

export const platformBindCaptchaCall = defineCall({
  method: 'GET',
  path: '/user/admin/platform/bind/captcha',
  access: 'permission',
  platformOnly: true,
  tag: 'platform-bind',
  summary: 'A captcha image of the platform to bind to (its GET /user/admin/site/captcha), for when its sign-in asks for one.',
  query: z.object({ platformUrl: required('Platform URL', PLATFORM_URL_MAX) }),
  data: captchaSchema,
});

export const PLATFORM_BIND_CALLS: readonly CallContract[] = [
  platformBindViewCall,
  platformBindCall,
  platformBindCheckCall,
  platformUnbindCall,
  platformBindCaptchaCall,
];
