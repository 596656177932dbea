import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenants, users } from '../../db/schema';
import { verifiedMobileIs } from '../member/member-mobile';

/** The sign-in candidate: a user with their tenant's licence state. */
export interface SignInUser {
  id: number;
  tenantId: number;
  username: string;
  status: number;
  tenantName: string;
  tenantStatus: number;
  tenantExpiresAt: Date | null;
}

/** The columns of a SignInUser (users joined with tenants), for every way of signing in. */
export const signInColumns = {
  id: users.id,
  tenantId: users.tenantId,
  username: users.username,
  status: users.status,
  tenantName: tenants.name,
  tenantStatus: tenants.status,
  tenantExpiresAt: tenants.expiresAt,
};

/** The live user of this name, in any spelling of its case, with their password hash; undefined when there is none. */
export async function signInUserByName(db: Db, username: string): Promise<(SignInUser & { passwordHash: string }) | undefined> {
  const [user] = await db
    .select({ ...signInColumns, passwordHash: users.passwordHash })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)))
    .limit(1);
  return user;
}

/**
 * The live user who verified this mobile number (in any spelling), with their tenant's licence state.
 * At most one: a verified number belongs to one live account across tenants (users_mobile_uq,
 * member-mobile.ts), so another tenant's data can never make this lookup ambiguous. A number an
 * administrator typed is not verified and never found here: it signs in nobody until its holder
 * verifies it, whatever other tenants typed.
 */
export async function signInUserByMobile(db: Db, mobile: string): Promise<SignInUser | undefined> {
  const [user] = await db.select(signInColumns).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(verifiedMobileIs(mobile));
  return user;
}

/** Counts a sign-in on the user: when, from where, how many. */
export async function recordSignIn(tx: Db, user: Pick<SignInUser, 'id' | 'tenantId'>, ip: string): Promise<void> {
  await tx
    .update(users)
    .set({ lastLoginAt: sql`now()`, lastLoginIp: ip, loginCount: sql`${users.loginCount} + 1` })
    .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)));
}

/** Sets a user's password hash. */
export async function setPasswordHash(tx: Db, user: Pick<SignInUser, 'id' | 'tenantId'>, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)));
}

/** The live user of this id in this tenant, as a sign-in reads them; undefined when deleted or unknown. */
export async function signInUserById(db: Db, tenantId: number, userId: number): Promise<SignInUser | undefined> {
  const [user] = await db
    .select(signInColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), isNull(users.deletedAt)));
  return user;
}
