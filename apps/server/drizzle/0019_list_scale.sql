CREATE INDEX "users_live_tenant_id_idx" ON "users" USING btree ("tenant_id","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_deleted_tenant_id_idx" ON "users" USING btree ("tenant_id","id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
-- Search that stays fast at a million users (issue 11). like and keyword filters are ILIKE '%text%':
-- only a trigram index (pg_trgm) answers those without reading every row. Two things must hold:
--
-- 1. The pg_trgm extension. It is a trusted extension (PostgreSQL 13+: a database owner may create
--    it); PGlite loads it in src/db/client.ts. Where it cannot be created (not installed, no
--    privilege) this migration goes on without it: search still works, by reading the rows, slower.
--
-- 2. Row-level security lets the planner use an index for a condition only if the condition's
--    function is LEAKPROOF: otherwise the condition could run on another tenant's rows before the
--    tenant policy filtered them, and tell something about them through an error. texticlike, the
--    function behind ILIKE on text, is not marked so. Its errors come from the pattern and the
--    column's collation, except one: a pattern ending in the escape character fails only when the
--    matching gets that far, that is, only on rows whose text matches what comes before it. This
--    server never sends such a pattern: every like and keyword pattern is built by escapeLike
--    (src/lib/list-query.sql.ts), which escapes the escape character (src/lib/list-scale.test.ts
--    sends a value ending in a backslash). Marking texticlike LEAKPROOF (in this database only;
--    pg_proc is per database) lets the trigram index run under the policies, which still decide
--    every row: the index finds candidates, the policy and the rest of the query's conditions keep
--    or drop each one. The guarantee is the one 0015 states: against queries that forget their
--    tenant filter, not against arbitrary SQL run as uc_app. It needs a superuser; without one it is
--    skipped and the search works under the policies as before, by scanning.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): list search works without trigram indexes, slower', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    -- One index per searched field: keyword ORs them (a bitmap OR of the four), like uses one.
    -- The operator class is found through the extension's schema, wherever it was installed.
    EXECUTE format('CREATE INDEX IF NOT EXISTS users_username_trgm_idx ON users USING gin (username %s.gin_trgm_ops)', (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'));
    EXECUTE format('CREATE INDEX IF NOT EXISTS users_real_name_trgm_idx ON users USING gin (real_name %s.gin_trgm_ops)', (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'));
    EXECUTE format('CREATE INDEX IF NOT EXISTS users_mobile_trgm_idx ON users USING gin (mobile %s.gin_trgm_ops)', (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'));
    EXECUTE format('CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email %s.gin_trgm_ops)', (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm'));
  END IF;
  BEGIN
    ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF;
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'not a superuser: ILIKE stays non-leakproof, so search cannot use trigram indexes under row-level security';
  END;
END
$$;
