-- Sessions remember the open access key that opened them (issue 10, defect 6), so disabling, rotating
-- or relinking a key ends its sessions at once and deleting it deletes them (the foreign key cascades).
-- Sessions opened before this migration have no key recorded: they run out at their expiry.
ALTER TABLE "sessions" ADD COLUMN "open_access_key_id" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_open_access_key_fk" FOREIGN KEY ("tenant_id","open_access_key_id") REFERENCES "public"."open_access_keys"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_open_access_key_idx" ON "sessions" USING btree ("tenant_id","open_access_key_id") WHERE "sessions"."open_access_key_id" is not null;