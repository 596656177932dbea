-- The role the per-request helper (src/db/tenant-scope.ts) will switch to with SET LOCAL ROLE once
-- row-level security policies exist. Roles are cluster-wide: another database on the same server may
-- have created it already (or be creating it right now), and a database user without CREATEROLE
-- cannot create it at all; none of these may stop the migration.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'uc_app') THEN
    CREATE ROLE uc_app NOLOGIN;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
  WHEN insufficient_privilege THEN RAISE NOTICE 'uc_app role not created: the database user lacks CREATEROLE';
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'uc_app') THEN
    GRANT USAGE ON SCHEMA public TO uc_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO uc_app;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO uc_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO uc_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO uc_app;
  END IF;
END
$$;
