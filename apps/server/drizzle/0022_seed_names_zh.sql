-- The seeded names in the console's default language (zh-CN), like the seeded menus: they are data an
-- administrator may rename, so only rows that still carry the English seed name are renamed.
UPDATE "roles" SET "name" = '超级管理员' WHERE "key" = 'super_admin' AND "name" = 'Super administrator' AND "is_default_admin";--> statement-breakpoint
UPDATE "roles" SET "name" = '管理员' WHERE "key" = 'admin' AND "name" = 'Administrator' AND "is_default_admin";--> statement-breakpoint
UPDATE "tenant_policies" SET "title" = '默认策略' WHERE "title" = 'Default policy' AND "is_default";--> statement-breakpoint
UPDATE "users" SET "real_name" = '管理员' WHERE "username" = 'admin' AND "real_name" = 'Administrator' AND "tenant_id" = 1;
