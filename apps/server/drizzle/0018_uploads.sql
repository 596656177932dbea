CREATE TABLE "uploads" (
	"tenant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"purpose" text NOT NULL,
	"uploader_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_tenant_id_name_pk" PRIMARY KEY("tenant_id","name"),
	CONSTRAINT "uploads_purpose_ck" CHECK ("uploads"."purpose" in ('public', 'private'))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_name_idx" ON "uploads" USING btree ("name");--> statement-breakpoint
CREATE INDEX "uploads_used_at_idx" ON "uploads" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "users_alipay_code_idx" ON "users" USING btree ("tenant_id","alipay_code") WHERE "users"."alipay_code" <> '';--> statement-breakpoint
-- Uploads are tenant-owned: the same isolation policy as every tenant table (uc_enable_tenant_rls as 0015 defines it).
SELECT uc_enable_tenant_rls('uploads');
