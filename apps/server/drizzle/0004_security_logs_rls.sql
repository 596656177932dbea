-- The tenant isolation policy of 0002_tenant_rls.sql as a function, so every later tenant-owned
-- table gets the very same policy with one line (src/db/tenant-scope.test.ts checks none is missed).
CREATE OR REPLACE FUNCTION uc_enable_tenant_rls(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', tbl);
  EXECUTE format($p$CREATE POLICY tenant_isolation ON %I
    USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint OR current_setting('app.cross_tenant', true) = 'on')
    WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint OR current_setting('app.cross_tenant', true) = 'on')$p$, tbl);
END
$$;
--> statement-breakpoint
-- Sign-ins with no tenant (unknown user names) have tenant_id null: only the platform sees them.
SELECT uc_enable_tenant_rls('login_logs');
--> statement-breakpoint
SELECT uc_enable_tenant_rls('audit_logs');
