-- Live users per tenant, kept by the database (issue 29, point 4): the member list's total when it
-- shows a whole tenant unfiltered was a count of up to 10,001 rows on every page (1 ms of PostgreSQL's
-- CPU a call at a million users). Now it is a sum of a few counter rows.
--
-- The counter is a column of deltas, not one row per tenant: each write of users adds a row
-- (tenant_id, change in live users), so writers never wait on each other for a counter row (one row
-- would serialise every user write of a tenant, and two batches locking users and the counter in
-- opposite orders would deadlock). uc_live_users() sums them and, past a few dozen rows, folds them
-- into one: a fold deletes only the rows its snapshot sees, so deltas committed meanwhile stay, and a
-- second fold at the same time skips the rows the first deleted.
CREATE TABLE user_counts (
  -- Goes with its tenant, as quota_usage does (a tenant is deleted once it has no users).
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  live bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX user_counts_tenant_idx ON user_counts (tenant_id);
--> statement-breakpoint
-- Written by the triggers and read through uc_live_users() (both as the owner): uc_app gets nothing.
REVOKE ALL ON user_counts FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'uc_app') THEN
    REVOKE ALL ON user_counts FROM uc_app;
  END IF;
END
$$;
--> statement-breakpoint
-- And, like every table carrying a tenant_id, row-level security: a tenant's rows only.
SELECT uc_enable_tenant_rls('user_counts');
--> statement-breakpoint
-- Inserts and deletes: one delta row per tenant a statement touched (a million-row insert adds one).
CREATE OR REPLACE FUNCTION uc_user_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  INSERT INTO public.user_counts (tenant_id, live)
  SELECT tenant_id, count(*) FROM added WHERE deleted_at IS NULL GROUP BY tenant_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION uc_user_counts_deleted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  INSERT INTO public.user_counts (tenant_id, live)
  SELECT tenant_id, -count(*) FROM removed WHERE deleted_at IS NULL GROUP BY tenant_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Updates: only those that delete, restore or move a user (not a sign-in's counters), row by row.
CREATE OR REPLACE FUNCTION uc_user_counts_updated() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    INSERT INTO public.user_counts (tenant_id, live) VALUES (OLD.tenant_id, -1);
  END IF;
  IF NEW.deleted_at IS NULL THEN
    INSERT INTO public.user_counts (tenant_id, live) VALUES (NEW.tenant_id, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION uc_user_counts_truncated() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  DELETE FROM public.user_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION uc_user_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER user_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION uc_user_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER user_counts_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL) OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION uc_user_counts_updated();
--> statement-breakpoint
CREATE TRIGGER user_counts_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION uc_user_counts_truncated();
--> statement-breakpoint
-- The users already there (the triggers exist from here on, in the same transaction).
INSERT INTO user_counts (tenant_id, live) SELECT tenant_id, count(*) FROM users WHERE deleted_at IS NULL GROUP BY tenant_id;
--> statement-breakpoint
-- The live users of the caller's tenant (app.tenant_id, set by withTenant: never a parameter, so a
-- request cannot ask for another tenant's). Folds the tenant's deltas into one row once they are many.
CREATE OR REPLACE FUNCTION uc_live_users() RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  tenant bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
  total bigint;
  parts bigint;
BEGIN
  SELECT coalesce(sum(live), 0), count(*) INTO total, parts FROM public.user_counts WHERE tenant_id = tenant;
  IF parts > 32 THEN
    WITH gone AS (DELETE FROM public.user_counts WHERE tenant_id = tenant RETURNING live)
    INSERT INTO public.user_counts (tenant_id, live) SELECT tenant, sum(live) FROM gone HAVING count(*) > 0;
  END IF;
  RETURN total;
END
$$;
