-- The ledger is tenant-owned: the same isolation policy as every other such table.
SELECT uc_enable_tenant_rls('member_ledger');
