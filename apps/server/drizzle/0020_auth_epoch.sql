-- Authorisation epochs (issue 11): the server caches sessions, granted permissions and member/info in
-- memory, and these counters say when a cached entry may no longer be true.
--
-- Every write that can revoke or change what a signed-in caller may do bumps a counter in the same
-- transaction: the tenant's row for tenant-owned tables, row 0 for platform-wide ones (menus, tenant
-- policies). The database detects the writes itself (triggers below), so no service has to remember
-- to call anything. Each request reads its tenant's and the global counter in the statement that opens
-- its tenant transaction (src/db/tenant-scope.ts#withTenant) and drops a cached entry whose counters
-- differ; a counter is bumped under its row lock, so bumps become visible in commit order and a request
-- that starts after a revocation committed always sees the new value. pg_notify('uc_auth',
-- 'tenant:epoch') is delivered at commit to every server LISTENing: on PostgreSQL it only evicts early
-- (correctness does not wait for it); PGlite delivers it in process before the commit returns.
--
-- Writes that cannot revoke anything do not bump, so the hot paths keep their cache: a new session
-- (sign-in), a new user, touchSession's last_seen_at and sliding expiry, a user's login counters.
CREATE TABLE auth_epochs (
  -- The tenant; 0 is the platform-wide counter.
  tenant_id bigint PRIMARY KEY,
  epoch bigint NOT NULL
);
--> statement-breakpoint
-- uc_app may read its own tenant's and the platform's counters, never write them (the triggers write
-- as the owner). withTenant reads them in the statement that switches the role, which is planned and
-- checked as the connecting user.
REVOKE ALL ON auth_epochs FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON auth_epochs FROM uc_app;
--> statement-breakpoint
GRANT SELECT ON auth_epochs TO uc_app;
--> statement-breakpoint
ALTER TABLE auth_epochs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON auth_epochs FOR SELECT
  USING (tenant_id = 0 OR tenant_id = (SELECT nullif(current_setting('app.tenant_id', true), '')::bigint) OR (SELECT uc_cross_tenant()));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION uc_auth_bump(tenant bigint) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  now_epoch bigint;
BEGIN
  INSERT INTO public.auth_epochs AS e (tenant_id, epoch) VALUES (tenant, 1)
  ON CONFLICT (tenant_id) DO UPDATE SET epoch = e.epoch + 1
  RETURNING epoch INTO now_epoch;
  -- 'tenant:epoch', delivered at commit to every listener (an entry read under a lower epoch is stale).
  PERFORM pg_notify('uc_auth', tenant::text || ':' || now_epoch::text);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION uc_auth_bump(bigint) FROM PUBLIC;
--> statement-breakpoint
-- Row trigger: TG_ARGV[0] names the column holding the tenant ('tenant_id', 'id' for tenants), or is
-- empty for platform-wide tables. An update that moves a row bumps both tenants.
CREATE OR REPLACE FUNCTION uc_auth_row_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  col text := TG_ARGV[0];
  old_tenant bigint;
  new_tenant bigint;
BEGIN
  IF col = '' THEN
    PERFORM public.uc_auth_bump(0);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_tenant := (to_jsonb(OLD) ->> col)::bigint;
    PERFORM public.uc_auth_bump(old_tenant);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_tenant := (to_jsonb(NEW) ->> col)::bigint;
    IF new_tenant IS DISTINCT FROM old_tenant THEN
      PERFORM public.uc_auth_bump(new_tenant);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION uc_auth_truncated() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  -- Every cached entry compares the global counter too: this drops them all.
  PERFORM public.uc_auth_bump(0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sessions: a revocation, an expiry moved earlier, a session moved or deleted. Not a sign-in, not
-- touchSession (last_seen_at, an expiry that only grows).
CREATE TRIGGER auth_epoch_sessions_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR NEW.expires_at < OLD.expires_at
    OR OLD.tenant_id <> NEW.tenant_id OR OLD.user_id <> NEW.user_id OR OLD.token_hash <> NEW.token_hash
    OR OLD.read_only <> NEW.read_only)
  EXECUTE FUNCTION uc_auth_row_changed('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_epoch_sessions_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION uc_auth_row_changed('tenant_id');
--> statement-breakpoint
-- Users: what the session check and member/info read (status, deletion, super admin, names, avatar,
-- tenant) and the password. Not the login counters a sign-in writes.
CREATE TRIGGER auth_epoch_users_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.is_super_admin IS DISTINCT FROM NEW.is_super_admin OR OLD.username IS DISTINCT FROM NEW.username
    OR OLD.real_name IS DISTINCT FROM NEW.real_name OR OLD.avatar IS DISTINCT FROM NEW.avatar
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION uc_auth_row_changed('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_epoch_users_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION uc_auth_row_changed('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_epoch_tenants AFTER UPDATE OR DELETE ON tenants FOR EACH ROW EXECUTE FUNCTION uc_auth_row_changed('id');
--> statement-breakpoint
-- Grants: every change, additions too (a cached permission set must learn of a new grant).
CREATE TRIGGER auth_epoch_user_roles AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION uc_auth_row_changed('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_epoch_roles AFTER INSERT OR UPDATE OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION uc_auth_row_changed('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_epoch_role_menus AFTER INSERT OR UPDATE OR DELETE ON role_menus FOR EACH ROW EXECUTE FUNCTION uc_auth_row_changed('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_epoch_open_access_keys AFTER UPDATE OR DELETE ON open_access_keys FOR EACH ROW EXECUTE FUNCTION uc_auth_row_changed('tenant_id');
--> statement-breakpoint
CREATE TRIGGER auth_epoch_menus AFTER INSERT OR UPDATE OR DELETE ON menus FOR EACH ROW EXECUTE FUNCTION uc_auth_row_changed('');
--> statement-breakpoint
CREATE TRIGGER auth_epoch_tenant_policies AFTER INSERT OR UPDATE OR DELETE ON tenant_policies FOR EACH ROW EXECUTE FUNCTION uc_auth_row_changed('');
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION uc_auth_truncated();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION uc_auth_truncated();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON tenants FOR EACH STATEMENT EXECUTE FUNCTION uc_auth_truncated();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION uc_auth_truncated();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION uc_auth_truncated();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON role_menus FOR EACH STATEMENT EXECUTE FUNCTION uc_auth_truncated();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON menus FOR EACH STATEMENT EXECUTE FUNCTION uc_auth_truncated();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON open_access_keys FOR EACH STATEMENT EXECUTE FUNCTION uc_auth_truncated();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON tenant_policies FOR EACH STATEMENT EXECUTE FUNCTION uc_auth_truncated();
