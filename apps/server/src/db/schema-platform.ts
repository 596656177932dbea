import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import type { MessageParams } from '@uc/contracts/messages';
import { tenantId, timestamps, ts } from './schema-columns';
import { users } from './schema-core';

/*
 * Platform bindings (drizzle/0024_platform_bind.sql, issue 13): a local user's account on another
 * instance of this platform. Re-exported from schema.ts.
 */

/**
 * One binding per (tenant, user). No password is ever stored: only the session token the other
 * platform gave at binding, sealed with the server key (modules/open-access/secret-box.ts) for this
 * tenant and user, so a copy of the database alone does not reveal it.
 */
export const platformBinds = pgTable(
  'platform_binds',
  {
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The platform's base address, normalised (modules/platform-bind/platform-client.ts). */
    platformUrl: text('platform_url').notNull(),
    clientId: text('client_id').notNull().default(''),
    /** The user name signed in with there. */
    username: text('username').notNull(),
    /** The platform's session token, sealed (`v1:` + base64 of AES-256-GCM). */
    tokenEnc: text('token_enc').notNull(),
    /** The account there, from its member/info at the last successful check. */
    platformUserId: bigint('platform_user_id', { mode: 'number' }),
    platformUsername: text('platform_username').notNull().default(''),
    platformRealName: text('platform_real_name').notNull().default(''),
    /** BindStatus of the contract: 1 bound, 2 failed, 3 expired (unbound users have no row). */
    status: smallint('status').notNull(),
    lastCheckedAt: ts('last_checked_at'),
    /** Why the last check failed: an English message template ('' after a success) and its params, rendered per reader. */
    lastError: text('last_error').notNull().default(''),
    lastErrorParams: jsonb('last_error_params').$type<MessageParams>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    // The binding goes with its user (a purge); tenant_id first, as in every tenant-owned key.
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    check('platform_binds_status_ck', sql`${t.status} in (1, 2, 3)`),
  ],
);
