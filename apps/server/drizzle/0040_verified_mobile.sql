-- Phone numbers verified by their holder (issue 26, point 4). Since 0017 every live number was unique
-- across tenants, so an administrator who typed another tenant's number on a user got a 409 (and a
-- free one a 200): any administrator could learn which numbers have an account anywhere. Mobile sign-in
-- and SMS password reset find the account by number alone, so they need a number to lead to one
-- account; but only a number whose holder proved it with an SMS code (registration by phone, the
-- account settings' number change) can be trusted for that. Such a number is unique across tenants;
-- a number an administrator types is unverified, unique only within its tenant (a clash there says
-- nothing about other tenants), and leads to no sign-in until its holder verifies it.
--
-- verified_mobile: uc_mobile_key of the number its holder verified; null: not verified. The trigger
-- below keeps it null unless it is the key of the user's current number, so any write that changes
-- the number (an administrator's edit, an import, a path written later) leaves it unverified without
-- having to say so; the verifying writes set mobile and verified_mobile together.
ALTER TABLE users ADD COLUMN IF NOT EXISTS verified_mobile text;
--> statement-breakpoint
-- Every number already on a user was unique across tenants (0017), as a verified number must be:
-- they count as verified, so nobody loses SMS sign-in with this upgrade.
UPDATE users SET verified_mobile = uc_mobile_key(mobile) WHERE uc_mobile_key(mobile) IS NOT NULL AND verified_mobile IS NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION uc_keep_verified_mobile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.verified_mobile IS DISTINCT FROM uc_mobile_key(NEW.mobile) THEN
    NEW.verified_mobile := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_verified_mobile ON users;
--> statement-breakpoint
CREATE TRIGGER users_verified_mobile BEFORE INSERT OR UPDATE OF mobile, verified_mobile ON users FOR EACH ROW
  WHEN (NEW.verified_mobile IS NOT NULL)
  EXECUTE FUNCTION uc_keep_verified_mobile();
--> statement-breakpoint
-- The number sign-in uses: a verified number belongs to one live account across tenants.
DROP INDEX IF EXISTS users_mobile_uq;
--> statement-breakpoint
CREATE UNIQUE INDEX users_mobile_uq ON users (verified_mobile) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Any number, verified or not, belongs to one live user within a tenant.
CREATE UNIQUE INDEX IF NOT EXISTS users_tenant_mobile_uq ON users (tenant_id, uc_mobile_key(mobile)) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Whether a live account other than the given user has verified the number, in any tenant (restoring
-- a user from the recycle bin asks it: the user comes back without a verified number then). Runs as
-- the owner past row-level security and answers yes or no, nothing else (grants as in 0029).
CREATE OR REPLACE FUNCTION uc_mobile_taken(mobile text, except_user bigint) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp
AS $$
  SELECT EXISTS (
    SELECT 1 FROM public.users u
    WHERE u.verified_mobile = public.uc_mobile_key($1) AND u.deleted_at IS NULL AND u.id <> $2
  )
$$;
