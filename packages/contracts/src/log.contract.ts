import { z } from 'zod';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { listQuerySchema } from './list-query';

/** How a sign-in was attempted: password, SMS code, the demo account, an open access key, OpenID Connect. */
export const LOGIN_METHODS = ['account', 'mobile', 'demo', 'open', 'oidc'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/** Why a sign-in failed ('ok' for a success); screens name each, and show an unknown one as it comes. */
export const LOGIN_REASONS = [
  'ok',
  'bad_credentials',
  'captcha',
  'throttled',
  'user_disabled',
  'tenant_disabled',
  'bad_code',
  'bad_signature',
  'key_disabled',
  'replayed_nonce',
  'demo_off',
  /** OpenID Connect: the provider's account is bound to no user here. */
  'unbound',
] as const;
export type LoginReason = (typeof LOGIN_REASONS)[number];

export const loginLogRowSchema = z.object({
  id: z.number().int(),
  /** Null when the user name matched nobody (only the platform sees those rows). */
  tenantId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  username: z.string(),
  /** One of LOGIN_METHODS (kept a string: old rows and newer servers may say more). */
  method: z.string(),
  /** 1 success, 2 failure. */
  result: z.number().int(),
  /** One of LOGIN_REASONS. */
  reason: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** Parsed from the user agent: "Chrome 126", "Windows 10", desktop/mobile/tablet (empty when unknown). */
  browser: z.string(),
  os: z.string(),
  device: z.string(),
  createdAt: z.string(),
});
export type LoginLogRow = z.infer<typeof loginLogRowSchema>;

export const LOGIN_LOG_FIELDS = ['id', 'tenantId', 'userId', 'username', 'method', 'result', 'reason', 'ip', 'createdAt'] as const;
/** What the keyword searches (trigram indexes, drizzle/0044); the user agent is searched with a like filter. */
export const LOGIN_LOG_KEYWORD_FIELDS = ['username', 'ip'] as const;

export const loginLogListCall = defineCall({
  method: 'GET',
  path: '/user/admin/log/login/list',
  access: 'permission',
  tag: 'log',
  summary: "Sign-in attempts of the caller's tenant within their data scope (every tenant for the platform), newest first.",
  query: listQuerySchema,
  data: pagedOf(loginLogRowSchema),
});

export const auditLogRowSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  /** The API address called. */
  action: z.string(),
  /**
   * What the call is called in the menus, so the reader sees what was done: the buttons granting it under
   * one page (新增用户, 编辑用户 for /user/admin/member/edit), else the page; each by its stored name and
   * its locale key. Empty when no entry grants it.
   */
  actionMenus: z.array(z.object({ name: z.string(), locale: z.string() })),
  /** What it acted on, such as "12" (the record id), or empty. */
  target: z.string(),
  /** Names of the fields sent (never their values). */
  fields: z.array(z.string()),
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditLogRow = z.infer<typeof auditLogRowSchema>;

export const AUDIT_LOG_FIELDS = ['id', 'tenantId', 'userId', 'username', 'action', 'target', 'ip', 'createdAt'] as const;
export const AUDIT_LOG_KEYWORD_FIELDS = ['username', 'action', 'target'] as const;

export const auditLogListCall = defineCall({
  method: 'GET',
  path: '/user/admin/log/audit/list',
  access: 'permission',
  tag: 'log',
  summary: "Administrative writes of the caller's tenant by users within their data scope (every tenant for the platform), newest first.",
  query: listQuerySchema,
  data: pagedOf(auditLogRowSchema),
});
