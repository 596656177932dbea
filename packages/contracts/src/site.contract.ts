import { z } from 'zod';
import { defineCall } from './define-call';
import { newPasswordSchema } from './fields';
import { MENU_ROUTE_PATTERN } from './menu.contract';
import { mobileSchema, smsCodeSchema } from './sms.contract';

export const siteConfigSchema = z.object({
  /** Footer copyright; empty means the client shows the default "<year> ... All Rights Reserved". */
  basicCopyright: z.string(),
  /** ICP filing number shown in the footer, linking to the national filing site; empty hides it. */
  basicIcpCode: z.string(),
  siteName: z.string(),
  /** Whether the offline-capable service worker is enabled. */
  offline: z.boolean(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const siteConfigCall = defineCall({
  method: 'GET',
  path: '/admin/admin/site/config',
  access: 'public',
  tag: 'site',
  summary: 'Site configuration (copyright, ICP filing); called first by the console.',
  data: siteConfigSchema,
});

export const loginConfigSchema = z.object({
  registerSwitch: z.boolean(),
  captchaSwitch: z.boolean(),
  forceInvite: z.boolean(),
  smsLogin: z.boolean(),
  demoMode: z.boolean(),
});
export type LoginConfig = z.infer<typeof loginConfigSchema>;

export const loginConfigCall = defineCall({
  method: 'GET',
  path: '/user/admin/site/loginConfig',
  access: 'public',
  tag: 'site',
  summary: 'What the login screen offers: registration, captcha, invitation, SMS login, demo.',
  query: z.object({ addon: z.string().max(64).optional() }),
  data: loginConfigSchema,
});

export const captchaSchema = z.object({
  /** Captcha id, sent back with the code; single use, valid 5 minutes. */
  cid: z.string(),
  /** The image as a data: URL. */
  base64: z.string(),
});
export const captchaCall = defineCall({
  method: 'GET',
  path: '/user/admin/site/captcha',
  access: 'public',
  tag: 'site',
  summary: 'A new captcha image; its code is single use and valid 5 minutes.',
  data: captchaSchema,
});

/** Names per locale: at least zh-CN and en-US ({ "zh-CN": "用户管理", "en-US": "Users" }). */
export const localizedTitleSchema = z.record(z.string(), z.string());

/** A page a remote declares (apps/<remote>/package.json "ucRemote".pages): its menu entry and access. */
export const remotePageSchema = z.object({
  /** A console route (it becomes a menu entry's path): never another site or scheme. */
  path: z.string().regex(MENU_ROUTE_PATTERN, 'A page path is a console route such as /reports/hello'),
  title: localizedTitleSchema,
  icon: z.string().optional(),
  /** A detail page without a menu entry of its own. */
  hidden: z.boolean().optional(),
  /** Whoever may open this page's path (a list) may open this one (its detail, /x/:id). */
  accessAs: z.string().optional(),
  /**
   * Every signed-in user may open it, whatever their roles grant (the personal area: one's own account
   * and messages); its menu entry shows for everyone while the remote is enabled.
   */
  everyone: z.boolean().optional(),
  /**
   * With `everyone`: the tenant policy decides (the workplace, the upgrade log). Every user of the
   * platform, of a tenant without a policy, and of a tenant whose policy allows the page's menu entry
   * opens it; elsewhere it is out of the menu, the shell refuses it, and the server its calls.
   */
  byPolicy: z.boolean().optional(),
});
export type RemotePage = z.infer<typeof remotePageSchema>;

/** A strict shared library a remote needs in a version the console does not run. */
export const sharedRefusalSchema = z.object({
  /** The library, such as @uc/client or antd. */
  library: z.string(),
  /** The range the remote was built against (^2.0.0). */
  required: z.string(),
  /** The version the console runs (1.0.0). */
  console: z.string(),
  /** What that means and what to do, in the request's language (the shell writes its own from the fields above). */
  message: z.string(),
});
export type SharedRefusal = z.infer<typeof sharedRefusalSchema>;

export const remoteEntrySchema = z.object({
  name: z.string(),
  /** URL of the remote's mf-manifest.json. */
  entry: z.string(),
  version: z.string(),
  /** Route prefixes the remote serves, such as '/org/user'. */
  routes: z.array(z.string()),
  /** Its name per locale; pages and title are empty for a remote built before it declared them. */
  title: localizedTitleSchema.default({}),
  icon: z.string().default(''),
  pages: z.array(remotePageSchema).default([]),
  /**
   * Why the console will not load this version, empty when it may: each strict shared library (react,
   * antd, @uc/client ..., STRICT_SHARED_LIBRARIES) whose range the remote was built against the
   * console's version does not satisfy. The shell shows its error page instead of loading it (a strict
   * singleton cannot be handed a copy it was not built for); its menus stay, leading to that page.
   */
  refused: z.array(sharedRefusalSchema).default([]),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const remotesCall = defineCall({
  method: 'GET',
  path: '/user/admin/site/remotes',
  access: 'public',
  tag: 'site',
  summary: 'The registry of federated remotes the console loads at runtime.',
  data: z.array(remoteEntrySchema),
});

export const accountLoginBody = z.object({
  username: z.string({ error: 'Username cannot be empty' }).trim().min(1, 'Username cannot be empty').max(64, 'Username must be at most 64 characters'),
  password: z.string({ error: 'Password cannot be empty' }).min(1, 'Password cannot be empty').max(128, 'Password must be at most 128 characters'),
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

export const mobileLoginCall = defineCall({
  method: 'POST',
  path: '/user/admin/site/mobileLogin',
  access: 'public',
  tag: 'site',
  summary: 'Sign in with a mobile number and the SMS code of event login.',
  body: z.object({ mobile: mobileSchema, code: smsCodeSchema }),
  data: loginResultSchema,
});

export const resetPasswordSmsCall = defineCall({
  method: 'POST',
  path: '/user/admin/site/resetting/pw/sms',
  access: 'public',
  tag: 'site',
  summary: 'Sets a new password with the SMS code of event resetPwd; every session of the user ends.',
  body: z.object({ mobile: mobileSchema, code: smsCodeSchema, password: newPasswordSchema }),
  data: z.null(),
});

export const registerBody = z.object({
  username: z
    .string({ error: 'Username cannot be empty' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(64, 'Username must be at most 64 characters')
    .regex(/^[A-Za-z0-9_.@-]+$/, 'Username may contain letters, digits and _ . @ - only'),
  password: newPasswordSchema,
  mobile: mobileSchema,
  code: smsCodeSchema,
  /** Optional unless loginConfig.forceInvite. */
  inviteCode: z.string().trim().max(64, 'Invitation code must be at most 64 characters').optional(),
});

export const registerCall = defineCall({
  method: 'POST',
  path: '/user/admin/site/register',
  access: 'public',
  tag: 'site',
  summary: 'Registers an account (SMS code of event register), in a new tenant or the default one per the default tenant policy, or by invitation.',
  body: registerBody,
  data: z.object({ id: z.number().int(), username: z.string(), tenantId: z.number().int() }),
});

export const openLoginBody = z.object({
  key: z.string({ error: 'The access key is required' }).trim().min(1, 'The access key is required').max(128, 'The access key must be at most 128 characters'),
  /** Unix time in seconds; refused outside 5 minutes of the server's clock. */
  timestamp: z.coerce
    .number({ error: 'The request timestamp is required: unix time in seconds' })
    .int('The request timestamp must be unix time in whole seconds'),
  /** 16 to 64 characters, used once. */
  nonce: z
    .string({ error: 'The request nonce is required' })
    .min(16, 'The request nonce must be 16 to 64 characters')
    .max(64, 'The request nonce must be 16 to 64 characters')
    .regex(/^[\x21-\x7e]+$/, 'The request nonce must be printable ASCII without spaces'),
  /** Hex HMAC-SHA256 of `key + timestamp + nonce` with the secret. */
  signature: z
    .string({ error: 'The request signature is required' })
    .trim()
    .min(1, 'The request signature is required')
    .max(128, 'The request signature must be at most 128 characters'),
});
export type OpenLoginBody = z.input<typeof openLoginBody>;

export const openLoginCall = defineCall({
  method: 'POST',
  path: '/user/admin/site/access/open/login',
  access: 'public',
  tag: 'site',
  summary: 'Signs in with an open access key: signature = hex HMAC-SHA256(secret, key + timestamp + nonce); acts as the linked user.',
  body: openLoginBody,
  data: loginResultSchema,
});

export const demoLoginCall = defineCall({
  method: 'POST',
  path: '/user/admin/site/demo/login',
  access: 'public',
  tag: 'site',
  summary: 'Signs in the read-only demo account (only when demo mode is on); it can look but not change anything.',
  data: loginResultSchema,
});
