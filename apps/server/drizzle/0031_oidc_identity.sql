-- Third-party sign-in with OpenID Connect (issue 14): a user's accounts at the providers of
-- OIDC_PROVIDERS, and the authorization flows in progress.
--
-- One account per user and provider (the key), and an account at a provider belongs to one user in
-- the whole platform (the unique subject): the provider's account is what signs in, before any
-- tenant is known, so it must name exactly one user. Tenant-owned (tenant_id first in the keys).
CREATE TABLE user_oidc_identities (
  tenant_id bigint NOT NULL,
  user_id bigint NOT NULL,
  provider text NOT NULL,
  subject text NOT NULL,
  email text NOT NULL DEFAULT '',
  name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_oidc_identities_pk PRIMARY KEY (tenant_id, user_id, provider),
  CONSTRAINT user_oidc_identities_user_fk FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX user_oidc_identities_subject_uq ON user_oidc_identities (provider, subject);
--> statement-breakpoint
-- A user's own bindings are asked for by user alone (user ids are unique across tenants).
CREATE INDEX user_oidc_identities_user_idx ON user_oidc_identities (user_id);
--> statement-breakpoint
SELECT uc_enable_tenant_rls('user_oidc_identities');
--> statement-breakpoint
-- Authorization requests sent to a provider and not yet answered: the state (hashed), and what the
-- answer must be checked with (nonce, PKCE verifier, redirect URI), bound to the browser that started
-- it (hash of an HttpOnly cookie) and for binding to the user who asked. Single use, 10 minutes.
CREATE TABLE oidc_requests (
  state_hash text PRIMARY KEY,
  purpose smallint NOT NULL,
  provider text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  browser_hash text NOT NULL,
  tenant_id bigint,
  user_id bigint,
  return_to text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT oidc_requests_purpose_ck CHECK (purpose IN (1, 2)),
  CONSTRAINT oidc_requests_binder_ck CHECK (purpose = 2 OR (tenant_id IS NOT NULL AND user_id IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX oidc_requests_expires_idx ON oidc_requests (expires_at);
--> statement-breakpoint
-- Sign-ins the provider answered, waiting for the login page to take them (the one-time code, hashed,
-- the browser's cookie hash): the user it names, or the refusal to show (template and params, so
-- it is said in the reader's language). Single use, 2 minutes.
CREATE TABLE oidc_handoffs (
  code_hash text PRIMARY KEY,
  browser_hash text NOT NULL,
  provider text NOT NULL,
  tenant_id bigint,
  user_id bigint,
  refusal text NOT NULL DEFAULT '',
  refusal_params jsonb NOT NULL DEFAULT '{}'::jsonb,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX oidc_handoffs_expires_idx ON oidc_handoffs (expires_at);
--> statement-breakpoint
-- Every table with a tenant_id has the tenant policy (db/tenant-scope.test.ts), these too; it never
-- applies to the owner, the only one who uses them.
SELECT uc_enable_tenant_rls('oidc_requests');
--> statement-breakpoint
SELECT uc_enable_tenant_rls('oidc_handoffs');
--> statement-breakpoint
-- The flows are the system connection's, like captchas and SMS codes (0015): they hold the secrets
-- of sign-ins in progress, most before any tenant is known. uc_app gets no privilege on them; the
-- identities are granted explicitly in case another role created the table (0001's defaults).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'uc_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON user_oidc_identities TO uc_app;
    REVOKE ALL ON oidc_requests, oidc_handoffs FROM uc_app;
  END IF;
END
$$;
