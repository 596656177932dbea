-- A phone number signs in to at most one account, across tenants (issue 10, defect 7). Registration
-- checked that, but editing, importing and restoring users did not, so a tenant could put another
-- tenant's number on its own user and break that person's SMS sign-in and password reset. The rule
-- now lives in the database, so no path (edit, import, restore, register, later ones) can break it:
-- a unique index over the normalised number of live users (deleted_at is null: a user in the
-- recycle bin holds no number, and restoring them is refused while someone else has it).
--
-- uc_mobile_key: what makes two spellings one number. Separators go ('010-62345678' is
-- '01062345678'), a +86 or 0086 before a mainland mobile goes ('+8613800000000' is
-- '13800000000'); no number ('') is null, which a unique index never counts.
CREATE OR REPLACE FUNCTION uc_mobile_key(mobile text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT nullif(regexp_replace(regexp_replace(mobile, '[^0-9+]', '', 'g'), '^(\+|00)86(1[3-9][0-9]{9})$', '\2'), '')
$$;
--> statement-breakpoint
-- Numbers already on several live accounts: the oldest account (first created) keeps the number and
-- the others lose it (mobile becomes '', which the edit form asks to fill in again before saving).
-- The oldest is the likeliest rightful owner: the accounts that took a number later did so through
-- the paths that did not check it. Their administrators see the empty number and can ask the user.
UPDATE users u SET mobile = '', updated_at = now()
FROM (
  SELECT tenant_id, id, row_number() OVER (PARTITION BY uc_mobile_key(mobile) ORDER BY created_at, tenant_id, id) AS rank
  FROM users
  WHERE deleted_at IS NULL AND uc_mobile_key(mobile) IS NOT NULL
) d
WHERE d.rank > 1 AND u.tenant_id = d.tenant_id AND u.id = d.id;
--> statement-breakpoint
-- Replaced by the unique index: the lookups by number now go through uc_mobile_key.
DROP INDEX "users_mobile_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree (uc_mobile_key("mobile")) WHERE "users"."deleted_at" is null;
