-- Issue 27, point 4: version skew is decided, not accidental. Each registry row records the
-- shared-library ranges its version was built against (its uc-addon.json "shared": { "antd": "^6.6.8",
-- "@uc/client": "^1.0.0", ... }); every read of the registry checks the strict singletons among them
-- against the console's versions and tells the shell why it must not load a version it cannot run.
ALTER TABLE remotes ADD COLUMN IF NOT EXISTS shared jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
-- Installed addons: the ranges of the version installed, from its kept manifest. Builds in WEB_DIR are
-- written again with theirs by the scan at start.
UPDATE remotes r SET shared = v.manifest -> 'shared'
FROM addon_versions v
WHERE v.name = r.name AND v.version = r.version AND r.entry LIKE '/user/web/remotes/addons/%'
  AND jsonb_typeof(v.manifest -> 'shared') = 'object';
