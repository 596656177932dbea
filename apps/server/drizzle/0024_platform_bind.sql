-- Platform binding (/pt/bind, issue 13): a local user's account on another instance of this platform.
-- One row per (tenant, user). No password is stored: only the session token the other platform gave
-- at binding, sealed with the server key (AES-256-GCM, modules/open-access/secret-box.ts). A user
-- who never bound, or unbound, has no row (status unbound); 1 bound, 2 failed, 3 expired.
CREATE TABLE platform_binds (
  tenant_id bigint NOT NULL,
  user_id bigint NOT NULL,
  platform_url text NOT NULL,
  client_id text NOT NULL DEFAULT '',
  username text NOT NULL,
  token_enc text NOT NULL,
  platform_user_id bigint,
  platform_username text NOT NULL DEFAULT '',
  platform_real_name text NOT NULL DEFAULT '',
  status smallint NOT NULL,
  last_checked_at timestamptz,
  -- The English template of the last failure ('' after a success) and its params: rendered per reader.
  last_error text NOT NULL DEFAULT '',
  last_error_params jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT platform_binds_tenant_id_user_id_pk PRIMARY KEY (tenant_id, user_id),
  CONSTRAINT platform_binds_tenant_id_user_id_users_tenant_id_id_fk FOREIGN KEY (tenant_id, user_id)
    REFERENCES public.users (tenant_id, id) ON DELETE CASCADE,
  CONSTRAINT platform_binds_status_ck CHECK (status in (1, 2, 3))
);
--> statement-breakpoint
-- Tenant-owned: the isolation policy of every tenant table (0015), so a query that forgot its tenant
-- filter still sees only its own tenant's bindings.
SELECT uc_enable_tenant_rls('platform_binds');
--> statement-breakpoint
-- 0001's default privileges already cover tables the migrating user creates; said explicitly in case
-- another role created the table.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'uc_app') THEN
    GRANT SELECT, INSERT, UPDATE, DELETE ON platform_binds TO uc_app;
  END IF;
END
$$;
--> statement-breakpoint
-- Databases seeded before had the /pt/bind menu with no calls: give it the page's calls, as the seed
-- now does (src/db/seed-menus.ts). A menu an administrator has given permissions since is left as it
-- is. A fresh database has no menus yet: nothing happens (the seed has them).
UPDATE menus
SET permissions = '/user/admin/platform/bind/view,/user/admin/platform/bind/bind,/user/admin/platform/bind/check,/user/admin/platform/bind/unbind,/user/admin/platform/bind/captcha',
  updated_at = now()
WHERE path = '/pt/bind' AND type = 2 AND permissions = '';
