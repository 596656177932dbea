-- Cross-tenant access is no longer something uc_app can grant itself (issue 10, defect 11).
--
-- Until now every policy let a row through when current_setting('app.cross_tenant') = 'on', and any
-- statement running as uc_app can call set_config. Now the policies ask uc_cross_tenant(), a
-- SECURITY DEFINER function that is true only when app.cross_tenant holds the random secret kept in
-- uc_platform_secret, a table uc_app has no privilege on. The server reads the secret once on its
-- system connection (the owner) and src/db/tenant-scope.ts#enterCrossTenant sets it, as a bound
-- parameter, for callers of the platform tenant. uc_app may set the setting; it cannot know the value.
--
-- The limit, said plainly: a request becomes uc_app with set_config('role', 'uc_app', true), a role
-- switch that arbitrary SQL could undo with RESET ROLE and then act as the connecting user, who owns
-- the tables. The guarantee is against queries that forget their tenant filter and against settings
-- a request could set; not against SQL injection (there is none: every value is a bound parameter).
--
-- Every tenant policy is rewritten here in the form that reads the settings once per statement
-- ((select ...) becomes an init plan instead of a call per row; issue 11 measured 2.3x on lists).
-- Then each table holding tenant data or secrets either has policies or uc_app has no privilege on
-- it at all (src/db/tenant-scope.test.ts keeps every table in one of those classes).
CREATE TABLE uc_platform_secret (
  -- One row only.
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  cross_tenant text NOT NULL
);
--> statement-breakpoint
-- 64 hex characters from the strong random source behind gen_random_uuid (PostgreSQL 13+, PGlite).
INSERT INTO uc_platform_secret (cross_tenant)
VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
--> statement-breakpoint
-- Migration 0001 grants uc_app every new table by default: take this one back, from everyone.
REVOKE ALL ON uc_platform_secret FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION uc_cross_tenant() RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  -- A definer function must not resolve names through a search_path the caller chose.
  SET search_path = pg_catalog, pg_temp
AS $$
  SELECT coalesce(current_setting('app.cross_tenant', true) = (SELECT cross_tenant FROM public.uc_platform_secret), false)
$$;
--> statement-breakpoint
-- The one tenant policy, for this and every later tenant-owned table (migrations call it by name).
CREATE OR REPLACE FUNCTION uc_enable_tenant_rls(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', tbl);
  EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
    USING (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::bigint) OR (SELECT uc_cross_tenant()))
    WITH CHECK (tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::bigint) OR (SELECT uc_cross_tenant()))$p$, tbl);
END
$$;
--> statement-breakpoint
-- Every table that has the tenant policy today (0002, 0004, 0008, 0010, 0012, and any added since),
-- found by name so none is missed; tenants keys on id and follows below.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT DISTINCT tablename FROM pg_policies
    WHERE schemaname = 'public' AND policyname = 'tenant_isolation' AND tablename <> 'tenants'
  LOOP
    PERFORM uc_enable_tenant_rls(t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A tenant sees its own tenant row (name, status); the platform sees all of them.
DROP POLICY IF EXISTS tenant_isolation ON tenants;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants
  USING (id = (SELECT nullif(current_setting('app.tenant_id', true), '')::bigint) OR (SELECT uc_cross_tenant()))
  WITH CHECK (id = (SELECT nullif(current_setting('app.tenant_id', true), '')::bigint) OR (SELECT uc_cross_tenant()));
--> statement-breakpoint
-- Invitations are platform data: only cross-tenant (platform) transactions see or write them.
-- Registration reads them on the system connection, as before.
ALTER TABLE tenant_invites ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_only ON tenant_invites
  USING ((SELECT uc_cross_tenant()))
  WITH CHECK ((SELECT uc_cross_tenant()));
--> statement-breakpoint
-- Policies are the platform's to write; a tenant reads only its own (the quota check needs it).
ALTER TABLE tenant_policies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY platform_only ON tenant_policies
  USING ((SELECT uc_cross_tenant()))
  WITH CHECK ((SELECT uc_cross_tenant()));
--> statement-breakpoint
CREATE POLICY own_policy_read ON tenant_policies FOR SELECT
  USING (id = (SELECT policy_id FROM tenants WHERE id = (SELECT nullif(current_setting('app.tenant_id', true), '')::bigint)));
--> statement-breakpoint
-- Tables only the system connection uses, before any tenant is known: the cross-tenant secret, SMS
-- codes (hashes of 6 digits, quickly guessed) and what was sent (plain codes), captcha answers and
-- the sign-in and SMS counters. uc_app gets no privilege on them at all.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'uc_app') THEN
    REVOKE ALL ON uc_platform_secret, sms_codes, sms_outbox, captchas, rate_limits FROM uc_app;
    REVOKE ALL ON SEQUENCE sms_codes_id_seq, sms_outbox_id_seq FROM uc_app;
  END IF;
END
$$;
