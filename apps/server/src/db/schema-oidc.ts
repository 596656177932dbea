import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantId, ts } from './schema-columns';
import { users } from './schema-core';

/*
 * Third-party sign-in with OpenID Connect (issue 14, drizzle/0031_oidc_identity.sql). Re-exported
 * from schema.ts.
 */

/**
 * A user's account at a provider of OIDC_PROVIDERS: one per user and provider, and one user per
 * account in the whole platform (it signs in before any tenant is known). Email and name are what the
 * provider said at binding, to recognise the account by.
 */
export const userOidcIdentities = pgTable(
  'user_oidc_identities',
  {
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    /** The provider's stable id of the account (the ID token's sub). */
    subject: text('subject').notNull(),
    email: text('email').notNull().default(''),
    name: text('name').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_oidc_identities_pk', columns: [t.tenantId, t.userId, t.provider] }),
    foreignKey({ name: 'user_oidc_identities_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    uniqueIndex('user_oidc_identities_subject_uq').on(t.provider, t.subject),
    index('user_oidc_identities_user_idx').on(t.userId),
  ],
);

/** Why a flow was started. */
export const OidcPurpose = { bind: 1, signIn: 2 } as const;

/**
 * Authorization requests waiting for the provider's answer (system connection only: uc_app has no
 * privilege). Single use: the callback deletes the row it answers.
 */
export const oidcRequests = pgTable(
  'oidc_requests',
  {
    /** sha256 of the state sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    purpose: smallint('purpose').notNull(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The redirect URI of the authorization request: the token request must send the same. */
    redirectUri: text('redirect_uri').notNull(),
    /** sha256 of the browser's flow cookie: the answer counts only in the browser that asked. */
    browserHash: text('browser_hash').notNull(),
    /** Binding: the user who asked. */
    tenantId: bigint('tenant_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    /** Sign-in: the console address to go to afterwards, as the login page had it. */
    returnTo: text('return_to').notNull().default(''),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('oidc_requests_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-ins the provider answered, waiting for the login page's one-time code (system connection
 * only). A user, or the refusal to show in the reader's language.
 */
export const oidcHandoffs = pgTable(
  'oidc_handoffs',
  {
    codeHash: text('code_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    provider: text('provider').notNull(),
    tenantId: bigint('tenant_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    /** An English message template ('' when a user was found) and its params. */
    refusal: text('refusal').notNull().default(''),
    refusalParams: jsonb('refusal_params').$type<Record<string, string | number>>().notNull().default({}),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('oidc_handoffs_expires_idx').on(t.expiresAt)],
);
