-- How each user came to be (issue 16: the analysis's "new registrations per day" counts the users who
-- signed themselves up, apart from those an administrator added or imported). 0 unknown: every user
-- created before this migration, as nothing recorded it; 1 registered; 2 added by an administrator
-- (or made with a tenant, or the demo account); 3 imported (userSource in @uc/contracts).
-- A constant default: PostgreSQL adds the column without rewriting the table.
ALTER TABLE users ADD COLUMN IF NOT EXISTS source smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- Registrations per day of one tenant and of every tenant, read from the index alone (as 0036's
-- users_created_idx does for every new user). Partial: it holds only the self-registered users.
CREATE INDEX IF NOT EXISTS users_registered_tenant_created_idx ON users (tenant_id, created_at) WHERE source = 1;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_registered_created_idx ON users (created_at) INCLUDE (tenant_id) WHERE source = 1;
