-- The signed-in user's own account (issue 14: account centre and settings).
--
-- Which kinds of messages a user wants: one row per user who changed a switch; no row means every
-- kind is on, so existing and new users need no row. Tenant-owned (tenant_id first in the keys).
CREATE TABLE notice_preferences (
  tenant_id bigint NOT NULL,
  user_id bigint NOT NULL,
  notices boolean NOT NULL DEFAULT true,
  letters boolean NOT NULL DEFAULT true,
  system boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
--> statement-breakpoint
-- noticePreferences(tx, userId) asks by user alone (user ids are unique across tenants).
CREATE INDEX notice_preferences_user_idx ON notice_preferences (user_id);
--> statement-breakpoint
SELECT uc_enable_tenant_rls('notice_preferences');
--> statement-breakpoint
-- A user's own sign-in history (the account centre): newest first among their own rows, without
-- reading the rest of the tenant's log.
CREATE INDEX login_logs_user_idx ON login_logs (tenant_id, user_id, id);
--> statement-breakpoint
-- Whether a live account other than the given user has the number, in any tenant: changing one's
-- phone asks before a code is texted to a number the account could not take (users_mobile_uq still
-- decides at the write). Row-level security hides other tenants' users from uc_app, so this runs as
-- the owner and answers yes or no, nothing else.
CREATE OR REPLACE FUNCTION uc_mobile_taken(mobile text, except_user bigint) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
  SELECT EXISTS (
    SELECT 1 FROM public.users u
    WHERE public.uc_mobile_key(u.mobile) = public.uc_mobile_key($1) AND u.deleted_at IS NULL AND u.id <> $2
  )
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION uc_mobile_taken(text, bigint) FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'uc_app') THEN
    GRANT EXECUTE ON FUNCTION uc_mobile_taken(text, bigint) TO uc_app;
  END IF;
END
$$;
