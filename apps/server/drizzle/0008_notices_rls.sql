-- Notices and their read marks are tenant-owned: the same isolation policy as every other such table.
SELECT uc_enable_tenant_rls('notices');
--> statement-breakpoint
SELECT uc_enable_tenant_rls('notice_reads');
