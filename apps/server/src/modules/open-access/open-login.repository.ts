import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { openAccessKeys, openAccessNonces, tenants, users } from '../../db/schema';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { signInColumns, type SignInUser } from '../auth/sign-in.repository';

/** An open access key with the user it signs in as (live users only), and its sealed secret. */
export type KeyForSignIn = SignInUser & { keyId: number; keyStatus: number; secretEnc: string };

/** The key of this access key id, as a sign-in reads it; undefined when there is none (or its user is deleted). */
export async function keyForSignIn(db: Db, accessKey: string): Promise<KeyForSignIn | undefined> {
  const [row] = await db
    .select({ ...signInColumns, keyId: openAccessKeys.id, keyStatus: openAccessKeys.status, secretEnc: openAccessKeys.secretEnc })
    .from(openAccessKeys)
    .innerJoin(users, and(eq(users.tenantId, openAccessKeys.tenantId), eq(users.id, openAccessKeys.userId)))
    .innerJoin(tenants, eq(tenants.id, openAccessKeys.tenantId))
    .where(and(eq(openAccessKeys.accessKey, accessKey), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Records a nonce of a key, kept `ttlSeconds` (expired ones are swept on the way: cheap, indexed by
 * expiry). 'fresh' the first time, 'replayed' when the key had it already, 'key-gone' when the key was
 * deleted since it was read.
 */
export async function recordNonce(
  db: Db,
  n: { tenantId: number; keyId: number; nonce: string; ttlSeconds: number },
): Promise<'fresh' | 'replayed' | 'key-gone'> {
  await db.delete(openAccessNonces).where(lt(openAccessNonces.expiresAt, sql`now()`));
  try {
    const fresh = await db
      .insert(openAccessNonces)
      .values({ tenantId: n.tenantId, keyId: n.keyId, nonce: n.nonce, expiresAt: sql`now() + make_interval(secs => ${n.ttlSeconds})` })
      .onConflictDoNothing()
      .returning({ nonce: openAccessNonces.nonce });
    return fresh.length > 0 ? 'fresh' : 'replayed';
  } catch (err) {
    if (isForeignKeyViolation(err)) return 'key-gone';
    throw err;
  }
}
