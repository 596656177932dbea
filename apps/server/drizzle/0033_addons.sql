-- Addons installed from the application market (issue 15; src/db/schema-addon.ts, src/modules/addon).
-- Platform data, not a tenant's (no tenant_id; Citus reference tables if distributed): every signed-in
-- transaction reads it (the market's cards), only a cross-tenant one (platform callers) writes it; the
-- install jobs write on the system connection, which owns the tables.
--
-- addons: one row per addon installed or tried; the row is also the lock of its job (a job starts only
-- by moving status out of 1 and 2, so two installs at once run once). status is the application card's
-- installStatus: 0 not installed, 1 downloading, 2 installing, 3 installed, -1 the last job failed.
CREATE TABLE addons (
  name text PRIMARY KEY,
  version text NOT NULL DEFAULT '',
  status smallint NOT NULL DEFAULT 0,
  progress smallint NOT NULL DEFAULT 0,
  error text NOT NULL DEFAULT '',
  error_params jsonb NOT NULL DEFAULT '{}'::jsonb,
  job_id text NOT NULL DEFAULT '',
  job_kind text NOT NULL DEFAULT '',
  job_version text NOT NULL DEFAULT '',
  job_started_at timestamptz,
  job_installing_at timestamptz,
  job_finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT addons_status_ck CHECK (status IN (-1, 0, 1, 2, 3)),
  CONSTRAINT addons_progress_ck CHECK (progress BETWEEN 0 AND 100)
);
--> statement-breakpoint
-- The versions whose files are kept in ADDONS_DIR/<name>/<version>/ (the installed one and the two
-- before it; after an uninstall, the last one until purged).
CREATE TABLE addon_versions (
  name text NOT NULL REFERENCES addons (name) ON DELETE CASCADE,
  version text NOT NULL,
  manifest jsonb NOT NULL,
  sha256 text NOT NULL,
  size bigint NOT NULL,
  installed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, version)
);
--> statement-breakpoint
-- The menu entries an addon made (they keep the user centre's plugin name, so the side menu shows them).
CREATE TABLE addon_menus (
  name text NOT NULL REFERENCES addons (name) ON DELETE CASCADE,
  menu_id bigint NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  PRIMARY KEY (name, menu_id)
);
--> statement-breakpoint
CREATE UNIQUE INDEX addon_menus_menu_uq ON addon_menus (menu_id);
--> statement-breakpoint
ALTER TABLE addons ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY signed_in_read ON addons FOR SELECT
  USING ((SELECT nullif(current_setting('app.tenant_id', true), '')::bigint) IS NOT NULL);
--> statement-breakpoint
CREATE POLICY platform_only ON addons
  USING ((SELECT uc_cross_tenant()))
  WITH CHECK ((SELECT uc_cross_tenant()));
--> statement-breakpoint
ALTER TABLE addon_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY signed_in_read ON addon_versions FOR SELECT
  USING ((SELECT nullif(current_setting('app.tenant_id', true), '')::bigint) IS NOT NULL);
--> statement-breakpoint
CREATE POLICY platform_only ON addon_versions
  USING ((SELECT uc_cross_tenant()))
  WITH CHECK ((SELECT uc_cross_tenant()));
--> statement-breakpoint
ALTER TABLE addon_menus ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY signed_in_read ON addon_menus FOR SELECT
  USING ((SELECT nullif(current_setting('app.tenant_id', true), '')::bigint) IS NOT NULL);
--> statement-breakpoint
CREATE POLICY platform_only ON addon_menus
  USING ((SELECT uc_cross_tenant()))
  WITH CHECK ((SELECT uc_cross_tenant()));
