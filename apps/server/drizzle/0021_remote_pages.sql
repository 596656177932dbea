ALTER TABLE "remotes" ADD COLUMN "title" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "remotes" ADD COLUMN "icon" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "remotes" ADD COLUMN "pages" jsonb DEFAULT '[]'::jsonb NOT NULL;