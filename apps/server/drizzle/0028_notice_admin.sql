-- Notices and private letters (issue 14): administration, delivery to a range, read state.
--
-- A notice's range: 1 everyone, 2 one tenant, 3 chosen users (a private letter). It is written as a
-- draft (state 0), published (1) and possibly withdrawn (2). A row is delivered to the users of its
-- own tenant when it is published and target_tenant_id is null: to all of them for ranges 1 and 2, to
-- its notice_recipients for range 3. The platform reaches other tenants through copies written into
-- them at publish time (origin_id = the platform's row; withdrawn or deleted with it), so a reader's
-- queries never leave their tenant: row-level security holds, and under Citus each read is routed to
-- one shard. A platform notice to everyone reaches the tenants that exist when it is published.
ALTER TABLE "notices" ADD COLUMN "summary" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "state" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "published_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "target_tenant_id" bigint;
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "receiver_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "origin_id" bigint;
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "sender_name" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE TABLE "notice_recipients" (
	"tenant_id" bigint NOT NULL,
	"notice_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "notice_recipients_tenant_id_notice_id_user_id_pk" PRIMARY KEY("tenant_id","notice_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_tenant_id_notice_id_notices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","notice_id") REFERENCES "public"."notices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notice_recipients" ADD CONSTRAINT "notice_recipients_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "notice_recipients_user_idx" ON "notice_recipients" USING btree ("tenant_id","user_id","notice_id");
--> statement-breakpoint
SELECT uc_enable_tenant_rls('notice_recipients');
--> statement-breakpoint
-- Rows written before: the enabled ones were live (published when written), the disabled ones hidden;
-- a private letter was range 2 with receiver_id, now range 3 with its recipient.
UPDATE "notices" SET "state" = CASE WHEN "status" = 1 THEN 1 ELSE 2 END, "published_at" = "created_at", "summary" = left("content", 200);
--> statement-breakpoint
INSERT INTO "notice_recipients" ("tenant_id", "notice_id", "user_id")
SELECT "tenant_id", "id", "receiver_id" FROM "notices" WHERE "range_type" = 2 AND "receiver_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "notices" SET "range_type" = 3, "receiver_ids" = jsonb_build_array("receiver_id") WHERE "range_type" = 2 AND "receiver_id" IS NOT NULL;
--> statement-breakpoint
DROP INDEX "notices_receiver_idx";
--> statement-breakpoint
ALTER TABLE "notices" DROP CONSTRAINT "notices_tenant_id_receiver_id_users_tenant_id_id_fk";
--> statement-breakpoint
ALTER TABLE "notices" DROP COLUMN "receiver_id";
--> statement-breakpoint
-- The state replaces status; sort was never shown (lists are newest first).
ALTER TABLE "notices" DROP COLUMN "status";
--> statement-breakpoint
ALTER TABLE "notices" DROP COLUMN "sort";
--> statement-breakpoint
-- A published notice always says when (the lists sort by it).
ALTER TABLE "notices" ADD CONSTRAINT "notices_published_at_ck" CHECK ("state" <> 1 OR "published_at" IS NOT NULL);
--> statement-breakpoint
CREATE INDEX "notices_delivered_idx" ON "notices" USING btree ("tenant_id","published_at" DESC,"id" DESC) WHERE "notices"."state" = 1 and "notices"."target_tenant_id" is null;
--> statement-breakpoint
CREATE INDEX "notices_origin_idx" ON "notices" USING btree ("origin_id") WHERE "notices"."origin_id" is not null;
--> statement-breakpoint
-- The notice management page (/home/notice/manage) under the personal area, for databases seeded
-- before it existed (src/db/seed-menus.ts has it for new ones): reads on the page, writes on buttons.
-- Given to the default administrator roles of the platform, of tenants without a policy, and of tenants
-- whose policy allows the personal area's messages (those policies allow the page too), as a tenant
-- policy gives its tenants' administrators every allowed menu. A fresh database has no menus yet:
-- nothing happens. Run twice, it adds nothing (the page exists).
WITH home AS (
  SELECT id FROM menus WHERE path = '/home' AND type = 1 ORDER BY id LIMIT 1
), msg AS (
  SELECT id FROM menus WHERE path = '/home/message' AND type = 2 ORDER BY id LIMIT 1
), page AS (
  -- Hidden until the home remote ships its screen (a menu entry never leads to a 404); that release shows it.
  INSERT INTO menus (parent_id, type, name, locale, path, component, icon, permissions, sort, hidden)
  SELECT home.id, 2, '公告管理', 'menu.home.notice.manage', '/home/notice/manage', 'home/notice/manage', 'NotificationOutlined',
    '/admin/admin/notice/list,/admin/admin/notice/view', 50, true
  FROM home
  WHERE NOT EXISTS (SELECT 1 FROM menus WHERE path = '/home/notice/manage')
  RETURNING id
), btn AS (
  INSERT INTO menus (parent_id, type, name, locale, permissions, sort)
  SELECT page.id, 3, v.name, v.locale, v.perm, v.sort
  FROM page CROSS JOIN (VALUES
    ('新增公告', 'menu.home.notice.manage.create', '/admin/admin/notice/edit,/admin/admin/upload/image,/user/admin/member/list', 10),
    ('编辑公告', 'menu.home.notice.manage.edit', '/admin/admin/notice/edit,/admin/admin/upload/image,/user/admin/member/list', 20),
    ('发布撤回', 'menu.home.notice.manage.publish', '/admin/admin/notice/publish,/admin/admin/notice/withdraw', 30),
    ('删除公告', 'menu.home.notice.manage.delete', '/admin/admin/notice/delete', 40),
    ('发送私信', 'menu.home.notice.manage.letter', '/admin/admin/notice/letter/send,/admin/admin/upload/image,/user/admin/member/list', 50)
  ) AS v(name, locale, perm, sort)
  RETURNING id
), entry AS (
  SELECT id FROM page UNION ALL SELECT id FROM btn
), admins AS (
  SELECT r.tenant_id, r.id AS role_id
  FROM roles r
  JOIN tenants t ON t.id = r.tenant_id
  LEFT JOIN tenant_policies p ON p.id = t.policy_id
  WHERE r.is_default_admin AND (t.is_platform OR p.id IS NULL OR p.menu_ids @> (SELECT jsonb_build_array(msg.id) FROM msg))
), granted AS (
  INSERT INTO role_menus (tenant_id, role_id, menu_id)
  SELECT admins.tenant_id, admins.role_id, entry.id FROM admins CROSS JOIN entry
  ON CONFLICT DO NOTHING
  RETURNING menu_id
)
UPDATE tenant_policies p
SET menu_ids = p.menu_ids || (SELECT jsonb_agg(entry.id ORDER BY entry.id) FROM entry), updated_at = now()
WHERE p.menu_ids @> (SELECT jsonb_build_array(msg.id) FROM msg) AND EXISTS (SELECT 1 FROM page);
