/*
 * Every trigger, and the functions triggers and policies call, in one place (issue 29, point 3):
 * applied after the migrations at every start (apply.ts), whatever migrations 0015, 0020, 0040 and
 * 0047 wrote before. Written as PostgreSQL prints them back (pg_get_functiondef, pg_get_triggerdef), so
 * a start compares text and rewrites nothing when they agree.
 *
 * Definer functions set their search_path: they must not resolve names through one the caller chose.
 */

export interface FunctionDeclaration {
  /** Its name in schema public (no two share one). */
  name: string;
  definition: string;
}

export interface TriggerDeclaration {
  table: string;
  name: string;
  definition: string;
}

/** `CREATE OR REPLACE FUNCTION public.<name>() RETURNS trigger` as pg_get_functiondef prints a definer one. */
const definerTrigger = (name: string, body: string): FunctionDeclaration => ({
  name,
  definition: `CREATE OR REPLACE FUNCTION public.${name}()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'pg_temp'
AS $function$
${body}
$function$
`,
});

export const FUNCTIONS: readonly FunctionDeclaration[] = [
  // The platform's cross-tenant transactions (withCrossTenant) set app.cross_tenant to the secret only
  // the connecting user can read (uc_platform_secret, 0015): a tenant's SQL cannot claim it.
  {
    name: 'uc_cross_tenant',
    definition: `CREATE OR REPLACE FUNCTION public.uc_cross_tenant()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'pg_temp'
AS $function$
  SELECT coalesce(current_setting('app.cross_tenant', true) = (SELECT cross_tenant FROM public.uc_platform_secret), false)
$function$
`,
  },
  // Authorisation epochs (issue 11): every write that can revoke or change what a signed-in caller may
  // do bumps its tenant's counter (0: platform-wide) in the same transaction, under the row's lock, so
  // bumps become visible in commit order; cached sessions and permissions read under a lower epoch are
  // dropped (tenant-scope.ts). pg_notify only evicts early on the other servers.
  {
    name: 'uc_auth_bump',
    definition: `CREATE OR REPLACE FUNCTION public.uc_auth_bump(tenant bigint)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'pg_catalog', 'pg_temp'
AS $function$
DECLARE
  now_epoch bigint;
BEGIN
  INSERT INTO public.auth_epochs AS e (tenant_id, epoch) VALUES (tenant, 1)
  ON CONFLICT (tenant_id) DO UPDATE SET epoch = e.epoch + 1
  RETURNING epoch INTO now_epoch;
  -- 'tenant:epoch', delivered at commit to every listener (an entry read under a lower epoch is stale).
  PERFORM pg_notify('uc_auth', tenant::text || ':' || now_epoch::text);
END
$function$
`,
  },
  // The trigger's argument names the row's tenant column ('' for platform-wide tables).
  definerTrigger(
    'uc_auth_row_changed',
    `DECLARE
  col text := TG_ARGV[0];
  old_tenant bigint;
  new_tenant bigint;
BEGIN
  IF col = '' THEN
    PERFORM public.uc_auth_bump(0);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_tenant := (to_jsonb(OLD) ->> col)::bigint;
    PERFORM public.uc_auth_bump(old_tenant);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_tenant := (to_jsonb(NEW) ->> col)::bigint;
    IF new_tenant IS DISTINCT FROM old_tenant THEN
      PERFORM public.uc_auth_bump(new_tenant);
    END IF;
  END IF;
  RETURN NULL;
END`,
  ),
  definerTrigger(
    'uc_auth_truncated',
    `BEGIN
  -- Every cached entry compares the global counter too: this drops them all.
  PERFORM public.uc_auth_bump(0);
  RETURN NULL;
END`,
  ),
  // Live users per tenant (issue 29, point 4), and per tenant and block of 1,024 ids (0048: where a page
  // by number starts): a row of deltas per write, so writers never wait on one counter row;
  // uc_live_users() (0047, 0048) sums and folds them, uc_live_user_seek() (0048) walks the blocks.
  definerTrigger(
    'uc_user_counts_inserted',
    `BEGIN
  INSERT INTO public.user_counts (tenant_id, live)
  SELECT tenant_id, count(*) FROM added WHERE deleted_at IS NULL GROUP BY tenant_id;
  INSERT INTO public.user_id_blocks (tenant_id, block, live)
  SELECT tenant_id, id >> 10, count(*) FROM added WHERE deleted_at IS NULL GROUP BY tenant_id, id >> 10;
  RETURN NULL;
END`,
  ),
  definerTrigger(
    'uc_user_counts_deleted',
    `BEGIN
  INSERT INTO public.user_counts (tenant_id, live)
  SELECT tenant_id, -count(*) FROM removed WHERE deleted_at IS NULL GROUP BY tenant_id;
  INSERT INTO public.user_id_blocks (tenant_id, block, live)
  SELECT tenant_id, id >> 10, -count(*) FROM removed WHERE deleted_at IS NULL GROUP BY tenant_id, id >> 10;
  RETURN NULL;
END`,
  ),
  definerTrigger(
    'uc_user_counts_updated',
    `BEGIN
  IF OLD.deleted_at IS NULL THEN
    INSERT INTO public.user_counts (tenant_id, live) VALUES (OLD.tenant_id, -1);
    INSERT INTO public.user_id_blocks (tenant_id, block, live) VALUES (OLD.tenant_id, OLD.id >> 10, -1);
  END IF;
  IF NEW.deleted_at IS NULL THEN
    INSERT INTO public.user_counts (tenant_id, live) VALUES (NEW.tenant_id, 1);
    INSERT INTO public.user_id_blocks (tenant_id, block, live) VALUES (NEW.tenant_id, NEW.id >> 10, 1);
  END IF;
  RETURN NULL;
END`,
  ),
  definerTrigger(
    'uc_user_counts_truncated',
    `BEGIN
  DELETE FROM public.user_counts;
  DELETE FROM public.user_id_blocks;
  RETURN NULL;
END`,
  ),
  // A verified number stays verified only while it is the user's number (0040): any write that
  // changes the number leaves it unverified without having to say so.
  {
    name: 'uc_keep_verified_mobile',
    definition: `CREATE OR REPLACE FUNCTION public.uc_keep_verified_mobile()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.verified_mobile IS DISTINCT FROM uc_mobile_key(NEW.mobile) THEN
    NEW.verified_mobile := NULL;
  END IF;
  RETURN NEW;
END
$function$
`,
  },
];

/** A row trigger bumping the authorisation epoch of the row's tenant (its column; '' platform-wide). */
const authEpoch = (table: string, name: string, events: string, tenantColumn: string, when = ''): TriggerDeclaration => ({
  table,
  name,
  definition: `CREATE TRIGGER ${name} AFTER ${events} ON public.${table} FOR EACH ROW ${when}EXECUTE FUNCTION uc_auth_row_changed('${tenantColumn}')`,
});
const authEpochTruncate = (table: string): TriggerDeclaration => ({
  table,
  name: 'auth_epoch_truncate',
  definition: `CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON public.${table} FOR EACH STATEMENT EXECUTE FUNCTION uc_auth_truncated()`,
});

export const TRIGGERS: readonly TriggerDeclaration[] = [
  // Writes that cannot revoke anything do not bump, so the hot paths keep their cache: a new session
  // (sign-in), a new user, touchSession's last_seen_at and sliding expiry, a user's login counters.
  authEpoch(
    'sessions',
    'auth_epoch_sessions_update',
    'UPDATE',
    'tenant_id',
    'WHEN (((old.revoked_at IS DISTINCT FROM new.revoked_at) OR (new.expires_at < old.expires_at) OR (old.tenant_id <> new.tenant_id) OR (old.user_id <> new.user_id) OR (old.token_hash <> new.token_hash) OR (old.read_only <> new.read_only))) ',
  ),
  authEpoch('sessions', 'auth_epoch_sessions_delete', 'DELETE', 'tenant_id'),
  authEpoch(
    'users',
    'auth_epoch_users_update',
    'UPDATE',
    'tenant_id',
    'WHEN (((old.status IS DISTINCT FROM new.status) OR (old.deleted_at IS DISTINCT FROM new.deleted_at) OR (old.is_super_admin IS DISTINCT FROM new.is_super_admin) OR (old.username IS DISTINCT FROM new.username) OR (old.real_name IS DISTINCT FROM new.real_name) OR (old.avatar IS DISTINCT FROM new.avatar) OR (old.password_hash IS DISTINCT FROM new.password_hash) OR (old.tenant_id IS DISTINCT FROM new.tenant_id) OR (old.id IS DISTINCT FROM new.id))) ',
  ),
  authEpoch('users', 'auth_epoch_users_delete', 'DELETE', 'tenant_id'),
  authEpoch('tenants', 'auth_epoch_tenants', 'DELETE OR UPDATE', 'id'),
  authEpoch('user_roles', 'auth_epoch_user_roles', 'INSERT OR DELETE OR UPDATE', 'tenant_id'),
  authEpoch('roles', 'auth_epoch_roles', 'INSERT OR DELETE OR UPDATE', 'tenant_id'),
  authEpoch('role_menus', 'auth_epoch_role_menus', 'INSERT OR DELETE OR UPDATE', 'tenant_id'),
  authEpoch('open_access_keys', 'auth_epoch_open_access_keys', 'DELETE OR UPDATE', 'tenant_id'),
  authEpoch('menus', 'auth_epoch_menus', 'INSERT OR DELETE OR UPDATE', ''),
  authEpoch('tenant_policies', 'auth_epoch_tenant_policies', 'INSERT OR DELETE OR UPDATE', ''),
  ...['sessions', 'users', 'tenants', 'user_roles', 'roles', 'role_menus', 'menus', 'open_access_keys', 'tenant_policies'].map(authEpochTruncate),
  // Live users per tenant: one delta row per tenant a statement touched (a million-row insert adds one).
  {
    table: 'users',
    name: 'user_counts_insert',
    definition: `CREATE TRIGGER user_counts_insert AFTER INSERT ON public.users REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION uc_user_counts_inserted()`,
  },
  {
    table: 'users',
    name: 'user_counts_delete',
    definition: `CREATE TRIGGER user_counts_delete AFTER DELETE ON public.users REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION uc_user_counts_deleted()`,
  },
  {
    table: 'users',
    name: 'user_counts_update',
    definition: `CREATE TRIGGER user_counts_update AFTER UPDATE ON public.users FOR EACH ROW WHEN ((((old.deleted_at IS NULL) IS DISTINCT FROM (new.deleted_at IS NULL)) OR (old.tenant_id IS DISTINCT FROM new.tenant_id) OR (old.id IS DISTINCT FROM new.id))) EXECUTE FUNCTION uc_user_counts_updated()`,
  },
  {
    table: 'users',
    name: 'user_counts_truncate',
    definition: `CREATE TRIGGER user_counts_truncate AFTER TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION uc_user_counts_truncated()`,
  },
  {
    table: 'users',
    name: 'users_verified_mobile',
    definition: `CREATE TRIGGER users_verified_mobile BEFORE INSERT OR UPDATE OF mobile, verified_mobile ON public.users FOR EACH ROW WHEN ((new.verified_mobile IS NOT NULL)) EXECUTE FUNCTION uc_keep_verified_mobile()`,
  },
];
