-- The system monitor's lists (issue 28, point 2: 登录日志, 操作日志, 在线用户) kept fast at millions of
-- rows on PostgreSQL; bench/monitor-lists.ts measures them with and without these (WITHOUT=0044).
-- A tenant's pages already read index ranges (the lists write their tenant out, modules/log/log-scope.ts:
-- (tenant_id, created_at) of both logs); what was missing:
--
-- Every tenant's writes, newest first (the platform's 操作日志): without it a page sorts the whole log.
CREATE INDEX IF NOT EXISTS audit_logs_created_idx ON audit_logs (created_at, id);
--> statement-breakpoint
-- The live sessions of a tenant, and of every tenant, newest sign-in first. Sessions are never deleted
-- and live a week or so: the newest not revoked are nearly all live, so a page reads about its rows.
CREATE INDEX IF NOT EXISTS sessions_live_tenant_created_idx ON sessions (tenant_id, created_at) WHERE revoked_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sessions_live_created_idx ON sessions (created_at) WHERE revoked_at IS NULL;
--> statement-breakpoint
-- The keyword search of both logs (ILIKE '%text%' on each keyword field, ORed): one trigram index per
-- field, as the user list has (drizzle/0019, which also makes ILIKE usable under row-level security
-- where it may). Where pg_trgm cannot be created the search still works, by reading the rows, slower.
DO $$
DECLARE
  ops text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    ops := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_trgm') || '.gin_trgm_ops';
    EXECUTE format('CREATE INDEX IF NOT EXISTS login_logs_username_trgm_idx ON login_logs USING gin (username %s)', ops);
    EXECUTE format('CREATE INDEX IF NOT EXISTS login_logs_ip_trgm_idx ON login_logs USING gin (ip %s)', ops);
    EXECUTE format('CREATE INDEX IF NOT EXISTS audit_logs_username_trgm_idx ON audit_logs USING gin (username %s)', ops);
    EXECUTE format('CREATE INDEX IF NOT EXISTS audit_logs_action_trgm_idx ON audit_logs USING gin (action %s)', ops);
    EXECUTE format('CREATE INDEX IF NOT EXISTS audit_logs_target_trgm_idx ON audit_logs USING gin (target %s)', ops);
  END IF;
END
$$;
