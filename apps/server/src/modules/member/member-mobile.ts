import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import { RefusalAfterCommit } from '../../http/route-registrar';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, TooManyRequests } from '../../lib/errors';
import type { Session } from '../auth/access';
import { inSystemScope } from '../profile/system-scope';
import { enforceLimit, refuseAtLimit } from '../security/rate-limit.service';

/*
 * Phone numbers (drizzle/0017, 0040). Mobile sign-in and SMS reset find the account by number alone,
 * so a number they use must lead to one account across tenants; but an administrator's answer must
 * never depend on other tenants' numbers, or anyone allowed to edit users could learn which numbers
 * have an account anywhere (issue 26). Hence two kinds of number:
 *
 * - verified: its holder proved it with an SMS code (registration, the account settings' number
 *   change). users.verified_mobile holds its uc_mobile_key; unique among live users of every tenant
 *   (users_mobile_uq). Only these sign in and reset passwords.
 * - unverified: typed by an administrator (edit, import, a new tenant's administrator). Unique only
 *   within the tenant (users_tenant_mobile_uq), so a clash is with a user of the caller's own tenant
 *   and says nothing about any other. It becomes verified when its holder verifies it in the account
 *   settings. A trigger clears verified_mobile whenever the number changes, so every write that is
 *   not a verification leaves the number unverified without saying so.
 *
 * A clash within the tenant still tells the caller that some user of the tenant has the number, which
 * their data scope may hide: such clashes are counted per account and per address, and past the limit
 * every change of number waits, clash or not.
 */

/** The live user whose verified number is `mobile` in any spelling (at most one: users_mobile_uq serves it). */
export const verifiedMobileIs = (mobile: string) => and(sql`${users.verifiedMobile} = uc_mobile_key(${mobile})`, isNull(users.deletedAt));

/** The verified_mobile of a user whose number `mobile` its holder has just proved: set with mobile. */
export const verifiedKeyOf = (mobile: string) => sql`uc_mobile_key(${mobile})`;

/** Whether a write was refused because a live account, in any tenant, has verified the number. */
export const isMobileTaken = (err: unknown): boolean => isUniqueViolation(err, 'users_mobile_uq');

/** Whether a write was refused because another live user of the tenant has the number. */
export const isMobileInTenant = (err: unknown): boolean => isUniqueViolation(err, 'users_tenant_mobile_uq');

/** For the holder of the phone only (after a right SMS code): another account signs in with the number. */
export const MOBILE_TAKEN =
  'mobile: the phone number "{mobile}" is already used by another account: a number signs in to one account only, so use another number';

export const mobileTaken = (mobile: string) => conflict(MOBILE_TAKEN, { mobile });

export const MOBILE_IN_TENANT =
  'mobile: the phone number "{mobile}" is already on another user of this tenant: each user here needs a number of their own, so use another number (or remove it from that user first)';

export const mobileInTenant = (mobile: string) => conflict(MOBILE_IN_TENANT, { mobile });

export const MOBILE_CLASHES_PER_ACCOUNT_PER_HOUR = 10;
export const MOBILE_CLASHES_PER_ADDRESS_PER_HOUR = 30;
const HOUR = 3600;

/** Who sets a number for someone else: the caller's account and address, each limited on its own. */
export interface NumberSetter {
  session: Session;
  ip: string;
}

// User ids are unique across tenants; an operator acting in a tenant counts as their own account.
const clashLimits = (by: NumberSetter) => [
  { key: `mobile-clash:user:${by.session.userId}`, limit: MOBILE_CLASHES_PER_ACCOUNT_PER_HOUR, what: 'phone number clashes for this account' },
  { key: `mobile-clash:ip:${by.ip}`, limit: MOBILE_CLASHES_PER_ADDRESS_PER_HOUR, what: 'phone number clashes from this address' },
];

/**
 * A 429 while the caller's account or address has reached its limit of clashes. Asked before any
 * change of number, clash or not, so the refusal says nothing about the number itself.
 */
export async function refuseAtClashLimit(db: Db, by: NumberSetter): Promise<void> {
  await inSystemScope(db, async (system) => {
    for (const { key, limit, what } of clashLimits(by)) await refuseAtLimit(system, key, limit, HOUR, what);
  });
}

/**
 * Counts `n` clashes against the caller's account and address. The counts must stand although the
 * call is refused: past a limit the answer is its 429, committed (RefusalAfterCommit), and the caller
 * throws its own refusal the same way. Nothing else may have been written by then.
 */
export async function countClashes(db: Db, by: NumberSetter, n: number): Promise<void> {
  try {
    await inSystemScope(db, async (system) => {
      for (const { key, limit, what } of clashLimits(by)) await enforceLimit(system, key, limit, HOUR, what, n);
    });
  } catch (err) {
    if (err instanceof TooManyRequests) throw new RefusalAfterCommit(err);
    throw err;
  }
}

/**
 * Before an administrator's edit or create writes anything: a number the user keeps passes without a
 * look; any other waits at the clash limit (429), and one on another live user of the tenant is
 * counted and refused (409 naming the field). A clash that slips past this (two writes at once) is
 * caught by users_tenant_mobile_uq at the write.
 */
export async function guardMobileClash(db: Db, by: NumberSetter, user: { id?: number; mobile: string }): Promise<void> {
  const tenantId = by.session.tenantId;
  // Ids start at 1: 0 is no user, for a create.
  const id = user.id ?? 0;
  const same = sql`uc_mobile_key(${users.mobile}) = uc_mobile_key(${user.mobile})`;
  const [row] = await rowsOf<{ kept: boolean; clash: boolean }>(
    db,
    sql`select
      exists (select 1 from ${users} where ${users.tenantId} = ${tenantId} and ${users.id} = ${id} and ${users.deletedAt} is null
        and uc_mobile_key(${users.mobile}) is not distinct from uc_mobile_key(${user.mobile})) as kept,
      exists (select 1 from ${users} where ${users.tenantId} = ${tenantId} and ${users.id} <> ${id} and ${users.deletedAt} is null and ${same}) as clash`,
  );
  if (row?.kept) return;
  await refuseAtClashLimit(db, by);
  if (!row?.clash) return;
  await countClashes(db, by, 1);
  throw new RefusalAfterCommit(mobileInTenant(user.mobile));
}
