-- Tenant isolation in the database itself (DESIGN.md section 5). A request's queries run inside
-- src/db/tenant-scope.ts#withTenant, which switches to the non-superuser role uc_app and sets
-- app.tenant_id; for uc_app these policies hide (and refuse to write) every other tenant's rows, so
-- a query that forgot its tenant filter still cannot cross tenants. The connecting user owns the
-- tables and is not subject to RLS (no FORCE): that is the reviewed bypass for migrations, seed,
-- sign-in and the token lookup, which run before a tenant is known. The platform's cross-tenant
-- screens set app.cross_tenant = 'on' through withCrossTenant (platform tenant callers only).
-- Policies are for PUBLIC, so they exist even where uc_app could not be created.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['depts', 'roles', 'role_depts', 'posts', 'users', 'user_roles', 'user_posts', 'role_menus', 'sessions'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
      USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint OR current_setting('app.cross_tenant', true) = 'on')
      WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint OR current_setting('app.cross_tenant', true) = 'on')$p$, t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A tenant sees its own tenant row (name, status); the platform sees all of them.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants
  USING (id = nullif(current_setting('app.tenant_id', true), '')::bigint OR current_setting('app.cross_tenant', true) = 'on')
  WITH CHECK (id = nullif(current_setting('app.tenant_id', true), '')::bigint OR current_setting('app.cross_tenant', true) = 'on');
--> statement-breakpoint
-- SET ROLE uc_app needs membership unless the connecting user is a superuser.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'uc_app')
     AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'uc_app', 'MEMBER') THEN
    EXECUTE format('GRANT uc_app TO %I', current_user);
  END IF;
EXCEPTION
  WHEN insufficient_privilege THEN RAISE NOTICE 'could not grant uc_app to the database user: ask a superuser to run GRANT uc_app TO <user>';
END
$$;
