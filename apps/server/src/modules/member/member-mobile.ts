import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';

/*
 * One rule for phone numbers, across tenants: a number signs in to at most one live account, so
 * mobile sign-in and SMS reset find the account by number alone and never trip over another
 * tenant's data. The database holds the rule (drizzle/0017_unique_mobile.sql): the unique index
 * users_mobile_uq on uc_mobile_key(mobile) of live users, uc_mobile_key being what makes two
 * spellings one number. Writes map its refusal to a 409 naming the mobile field.
 */

/** Users whose number is `mobile` in any spelling; with `deleted_at is null` the unique index serves it. */
export const sameMobile = (mobile: string) => sql`uc_mobile_key(${users.mobile}) = uc_mobile_key(${mobile})`;

/** Whether a write was refused because a live account already has the number. */
export const isMobileTaken = (err: unknown): boolean => isUniqueViolation(err, 'users_mobile_uq');

export const MOBILE_TAKEN =
  'mobile: the phone number "{mobile}" is already used by another account: a number signs in to one account only, so use another number';

export const mobileTaken = (mobile: string) => conflict(MOBILE_TAKEN, { mobile });
