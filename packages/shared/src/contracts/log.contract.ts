import { z } from 'zod';
import { defineCall } from './define-call';
import { pagedOf } from './envelope';
import { listQuerySchema } from './list-query';

export const loginLogRowSchema = z.object({
  id: z.number().int(),
  /** Null when the user name matched nobody (only the platform sees those rows). */
  tenantId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  username: z.string(),
  /** account | mobile | demo | open */
  method: z.string(),
  /** 1 success, 2 failure. */
  result: z.number().int(),
  /** ok, bad_credentials, captcha, throttled, user_disabled, tenant_disabled, bad_code, bad_signature. */
  reason: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
});
export type LoginLogRow = z.infer<typeof loginLogRowSchema>;

export const LOGIN_LOG_FIELDS = ['id', 'tenantId', 'userId', 'username', 'method', 'result', 'reason', 'ip', 'createdAt'] as const;
export const LOGIN_LOG_KEYWORD_FIELDS = ['username', 'ip', 'userAgent'] as const;

export const loginLogListCall = defineCall({
  method: 'GET',
  path: '/user/admin/log/login/list',
  access: 'permission',
  tag: 'log',
  summary: "Sign-in attempts of the caller's tenant (every tenant for the platform), newest first.",
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
  summary: "Administrative writes of the caller's tenant (every tenant for the platform), newest first.",
  query: listQuerySchema,
  data: pagedOf(auditLogRowSchema),
});
