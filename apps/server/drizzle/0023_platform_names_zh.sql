-- The platform tenant and its first department in the console's default language, like 0022: only
-- rows that still carry the English seed name are renamed (an administrator's name stays).
UPDATE "tenants" SET "name" = '平台' WHERE "id" = 1 AND "code" = 'platform' AND "name" = 'Platform';--> statement-breakpoint
UPDATE "depts" SET "name" = '平台' WHERE "tenant_id" = 1 AND "code" = 'platform' AND "name" = 'Platform';
