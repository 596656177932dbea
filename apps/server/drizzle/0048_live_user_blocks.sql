-- Page N of a whole tenant's users by number, at any depth (issue 29, point 4): OFFSET skipped every
-- row before the page on the users index, 50,000 index entries for page 5000 (3.5 ms of PostgreSQL's
-- CPU a call at a million users). Now the database keeps how many live users each block of 1,024 ids
-- holds, per tenant; a page by number sums blocks from the end the list starts at until it reaches the
-- page, then skips at most 1,023 entries inside the block it landed in (uc_live_user_seek).
--
-- Kept exactly like user_counts (drizzle/0047): rows of deltas written by the same triggers
-- (src/db/policies/triggers.ts), in the same transaction as the write, so writers never wait on each
-- other for a block row, and the blocks agree with the users every snapshot sees. uc_live_users()
-- folds them along with the tenant's count. Row-level security: src/db/policies/row-security.ts.
CREATE TABLE "user_id_blocks" (
	"tenant_id" bigint NOT NULL,
	"block" bigint NOT NULL,
	"live" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_id_blocks" ADD CONSTRAINT "user_id_blocks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_id_blocks_tenant_block_idx" ON "user_id_blocks" USING btree ("tenant_id","block");
--> statement-breakpoint
-- Written by the triggers and read through uc_live_user_seek() (both as the owner): uc_app gets nothing.
REVOKE ALL ON user_id_blocks FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'uc_app') THEN
    REVOKE ALL ON user_id_blocks FROM uc_app;
  END IF;
END
$$;
--> statement-breakpoint
-- The trigger functions as src/db/policies/triggers.ts declares them from now on, replaced here too,
-- in the transaction of the backfill below: the declarations are applied only after the migrations,
-- and a user written by another server between the two would be missing from the blocks for good.
CREATE OR REPLACE FUNCTION uc_user_counts_inserted() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  INSERT INTO public.user_counts (tenant_id, live)
  SELECT tenant_id, count(*) FROM added WHERE deleted_at IS NULL GROUP BY tenant_id;
  INSERT INTO public.user_id_blocks (tenant_id, block, live)
  SELECT tenant_id, id >> 10, count(*) FROM added WHERE deleted_at IS NULL GROUP BY tenant_id, id >> 10;
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
  INSERT INTO public.user_id_blocks (tenant_id, block, live)
  SELECT tenant_id, id >> 10, -count(*) FROM removed WHERE deleted_at IS NULL GROUP BY tenant_id, id >> 10;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION uc_user_counts_updated() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    INSERT INTO public.user_counts (tenant_id, live) VALUES (OLD.tenant_id, -1);
    INSERT INTO public.user_id_blocks (tenant_id, block, live) VALUES (OLD.tenant_id, OLD.id >> 10, -1);
  END IF;
  IF NEW.deleted_at IS NULL THEN
    INSERT INTO public.user_counts (tenant_id, live) VALUES (NEW.tenant_id, 1);
    INSERT INTO public.user_id_blocks (tenant_id, block, live) VALUES (NEW.tenant_id, NEW.id >> 10, 1);
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
  DELETE FROM public.user_id_blocks;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The users already there (the triggers write blocks from here on, in the same transaction).
INSERT INTO user_id_blocks (tenant_id, block, live) SELECT tenant_id, id >> 10, count(*) FROM users WHERE deleted_at IS NULL GROUP BY tenant_id, id >> 10;
--> statement-breakpoint
-- Folds the blocks' deltas with the count's (they grow together: every write adds to both).
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
    WITH gone AS (DELETE FROM public.user_id_blocks WHERE tenant_id = tenant RETURNING block, live)
    INSERT INTO public.user_id_blocks (tenant_id, block, live) SELECT tenant, block, sum(live) FROM gone GROUP BY block HAVING sum(live) <> 0;
  END IF;
  RETURN total;
END
$$;
--> statement-breakpoint
-- Where the caller's tenant's live users, in id order (descending or not), reach `skip`: every live
-- user of the tenant before the page has an id at or past `bound` (descending: an id above it), and
-- `rest` of the ones before `bound` still come before the page. No row when the tenant has no more
-- than `skip` live users. STABLE, so it reads the snapshot of the statement that calls it: the page
-- query and its blocks always agree.
CREATE OR REPLACE FUNCTION uc_live_user_seek(skip bigint, descending boolean, OUT bound bigint, OUT rest bigint) RETURNS SETOF record
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  tenant bigint := nullif(current_setting('app.tenant_id', true), '')::bigint;
BEGIN
  IF descending THEN
    RETURN QUERY
      WITH per AS (SELECT block, sum(live) AS live FROM public.user_id_blocks WHERE tenant_id = tenant GROUP BY block ORDER BY block DESC),
      run AS (SELECT block, live, sum(live) OVER (ORDER BY block DESC) AS upto FROM per)
      SELECT (run.block + 1) << 10, skip - (run.upto - run.live)::bigint FROM run WHERE run.upto > skip ORDER BY run.block DESC LIMIT 1;
  ELSE
    RETURN QUERY
      WITH per AS (SELECT block, sum(live) AS live FROM public.user_id_blocks WHERE tenant_id = tenant GROUP BY block ORDER BY block),
      run AS (SELECT block, live, sum(live) OVER (ORDER BY block) AS upto FROM per)
      SELECT run.block << 10, skip - (run.upto - run.live)::bigint FROM run WHERE run.upto > skip ORDER BY run.block LIMIT 1;
  END IF;
END
$$;
