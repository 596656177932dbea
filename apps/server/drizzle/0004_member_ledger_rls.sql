-- The ledger is tenant-owned like the tables of 0002_tenant_rls.sql: same policy, same reason.
ALTER TABLE member_ledger ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON member_ledger
  USING (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint OR current_setting('app.cross_tenant', true) = 'on')
  WITH CHECK (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint OR current_setting('app.cross_tenant', true) = 'on');
