import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { id, tenantId, ts } from './schema-columns';

/**
 * Counters for throttling and rate limits (failed sign-ins per account and per IP, SMS sends...):
 * shared by every server instance because they live in the database. Keys such as `login:ip:1.2.3.4`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStart: ts('window_start').notNull().defaultNow(),
    blockedUntil: ts('blocked_until'),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * Every sign-in attempt. tenant_id and user_id are null when the user name matched nobody (such rows
 * are visible to the platform only). Never holds a password or a token.
 */
export const loginLogs = pgTable(
  'login_logs',
  {
    id: id().primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    /** As typed (trimmed, at most 64 characters). */
    username: text('username').notNull().default(''),
    /** account | mobile | demo | open */
    method: text('method').notNull(),
    /** 1 success, 2 failure. */
    result: smallint('result').notNull(),
    /** ok, bad_credentials, captcha, throttled, user_disabled, tenant_disabled, bad_code, ... */
    reason: text('reason').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('login_logs_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/** Every administrative write: who, in which tenant, which call, on what, when. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    tenantId: tenantId(),
    id: id(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    username: text('username').notNull(),
    /** The API address called, such as /user/admin/member/forceLogout. */
    action: text('action').notNull(),
    /** What it acted on, such as "user 12" (empty when the call names no record). */
    target: text('target').notNull().default(''),
    /** Names of the fields sent (never their values: they may hold passwords). */
    fields: jsonb('fields')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ip: text('ip').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('audit_logs_tenant_created_idx').on(t.tenantId, t.createdAt)],
);
