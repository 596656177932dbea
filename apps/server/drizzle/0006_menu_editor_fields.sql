ALTER TABLE "menus" ADD COLUMN "client" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "alias" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "highlight" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "is_root" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "popup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "simplified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "keep_alive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "external" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "menus_alias_uq" ON "menus" USING btree ("alias") WHERE "menus"."alias" <> '';