-- The dashboard's aggregates (issue 16, src/modules/dashboard/dashboard-analysis.repository.ts and
-- dashboard-workplace.repository.ts), kept fast at 1,000,000 users and 10,000,000 login log rows on
-- PostgreSQL (bench/dashboard-aggregates.ts measures them). Each aggregate reads index ranges: a
-- tenant's (tenant_id first) or, for the platform's view of every tenant, the time range alone. The
-- per-day sums read only the index (index-only scans): the columns they group on are in it (INCLUDE),
-- and so is tenant_id, which the row-level security policy reads on every row.
--
-- Sign-ins per day and by method of one tenant. The log list's index on (tenant_id, created_at) is
-- built again with the result and method in it: the same order, so the list is served as before.
DROP INDEX IF EXISTS login_logs_tenant_created_idx;
--> statement-breakpoint
CREATE INDEX login_logs_tenant_created_idx ON login_logs (tenant_id, created_at) INCLUDE (result, method);
--> statement-breakpoint
-- The same for every tenant at once (the platform), the attempts of unknown user names included.
CREATE INDEX IF NOT EXISTS login_logs_created_idx ON login_logs (created_at) INCLUDE (tenant_id, result, method);
--> statement-breakpoint
-- The workplace's latest failed sign-ins of a tenant: ten entries read, however rare failures are.
CREATE INDEX IF NOT EXISTS login_logs_failed_idx ON login_logs (tenant_id, created_at) WHERE result = 2;
--> statement-breakpoint
-- The same for the platform's attempts with user names that matched nobody (tenant_id null): IS NULL
-- is no equality, so the index above would give those rows out of time order, to be sorted.
CREATE INDEX IF NOT EXISTS login_logs_failed_unknown_idx ON login_logs (created_at) WHERE result = 2 AND tenant_id IS NULL;
--> statement-breakpoint
-- The workplace's latest writes of one user, without reading the rest of their tenant's audit log.
CREATE INDEX IF NOT EXISTS audit_logs_tenant_user_created_idx ON audit_logs (tenant_id, user_id, created_at);
--> statement-breakpoint
-- Active users (latest sign-in within 1, 7, 30 days) of one tenant and of every tenant: a range of
-- the recent sign-ins instead of every user. Sign-ins update last_login_at, which is now indexed, so
-- that update is no longer a heap-only one and writes an entry in each index of users: a cost per
-- sign-in far below the argon2 check the same sign-in makes.
CREATE INDEX IF NOT EXISTS users_live_tenant_last_login_idx ON users (tenant_id, last_login_at) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_live_last_login_idx ON users (last_login_at) INCLUDE (tenant_id) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- New users per day of every tenant (one tenant's read users_tenant_created_idx, which exists).
CREATE INDEX IF NOT EXISTS users_created_idx ON users (created_at) INCLUDE (tenant_id);
--> statement-breakpoint
-- Balance and points movements per day, of one tenant and of every tenant.
CREATE INDEX IF NOT EXISTS member_ledger_tenant_created_idx ON member_ledger (tenant_id, created_at) INCLUDE (kind, change);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS member_ledger_created_idx ON member_ledger (created_at) INCLUDE (tenant_id, kind, change);
--> statement-breakpoint
-- Sessions online now (the monitor): sessions are never deleted, so without it the count would read
-- every session ever opened. With sliding renewal a session's use moves expires_at (at most once a
-- minute per session), which now writes index entries: far cheaper than the call that uses it.
CREATE INDEX IF NOT EXISTS sessions_live_expires_idx ON sessions (expires_at) INCLUDE (tenant_id, last_seen_at) WHERE revoked_at IS NULL;
