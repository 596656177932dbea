-- Open access keys and their nonces are tenant-owned: the same isolation policy as every tenant table.
SELECT uc_enable_tenant_rls('open_access_keys');
--> statement-breakpoint
SELECT uc_enable_tenant_rls('open_access_nonces');
