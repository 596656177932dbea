import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { LoginResult } from '@uc/contracts';
import type { Db } from '../../db/client';
import { openAccessKeys, openAccessNonces, tenants, users } from '../../db/schema';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { AppError, badRequest } from '../../lib/errors';
import type { LoginThrottleConfig } from '../../config';
import { openSession, type ClientInfo } from '../auth/auth.service';
import { signInColumns } from '../auth/sign-in.repository';
import { beginIpSignIn } from '../auth/login-throttle';
import { logAttempt, type LoginAttempt } from '../security/login-log.repository';
import { holdKeyAsSigned } from './open-access.service';
import type { SecretBox } from './secret-box';

export const OPEN_LOGIN_FAILED = 'Open access sign-in failed: check the key, the secret and how the signature is made';
export const WINDOW_SECONDS = 300;
/** Nonces are kept longer than any timestamp they could be replayed with stays valid. */
const NONCE_TTL_SECONDS = 2 * WINDOW_SECONDS + 60;

export const signOpenLogin = (secret: string, key: string, timestamp: number | string, nonce: string): string =>
  createHmac('sha256', secret).update(`${key}${timestamp}${nonce}`, 'utf8').digest('hex');

// Compared against when the key is unknown, so both failures cost the same work.
const DUMMY_SECRET = 'sk_not-a-real-secret-but-the-same-work';

/**
 * Signs in with an open access key (system connection, reviewed bypass: the tenant is what the key
 * tells). Unknown key and wrong signature fail alike; after a good signature the reason is plain.
 */
export async function openLogin(
  db: Db,
  box: SecretBox,
  input: { key: string; timestamp: number; nonce: string; signature: string; ttlHours: number; throttle: LoginThrottleConfig } & ClientInfo,
): Promise<LoginResult> {
  const client = { ip: input.ip, userAgent: input.userAgent };
  const attemptOf = (extra: Partial<LoginAttempt>) => ({ method: 'open' as const, username: input.key, ...client, ...extra });
  // Before the attempt is counted: a wrong clock is no guess, and costs the address nothing.
  const now = Math.floor(Date.now() / 1000);
  if (Math.abs(now - input.timestamp) > WINDOW_SECONDS) {
    throw badRequest('The timestamp is more than 5 minutes away from the server time: sign with the current unix time in seconds');
  }
  // Counted before the signature is checked, so a burst of guesses cannot outrun the counter.
  const counted = await beginIpSignIn(db, input.throttle, input.ip).catch(async (err: unknown) => {
    await logAttempt(db, { ...attemptOf({}), reason: 'throttled' });
    throw err;
  });
  const [row] = await db
    .select({ ...signInColumns, keyId: openAccessKeys.id, keyStatus: openAccessKeys.status, secretEnc: openAccessKeys.secretEnc })
    .from(openAccessKeys)
    .innerJoin(users, and(eq(users.tenantId, openAccessKeys.tenantId), eq(users.id, openAccessKeys.userId)))
    .innerJoin(tenants, eq(tenants.id, openAccessKeys.tenantId))
    .where(and(eq(openAccessKeys.accessKey, input.key), isNull(users.deletedAt)))
    .limit(1);
  const secret = (row && box.open(row.secretEnc, input.key)) ?? DUMMY_SECRET;
  const expected = Buffer.from(signOpenLogin(secret, input.key, input.timestamp, input.nonce), 'hex');
  const given = /^[0-9a-fA-F]{64}$/.test(input.signature) ? Buffer.from(input.signature, 'hex') : Buffer.alloc(32);
  const matches = timingSafeEqual(expected, given) && secret !== DUMMY_SECRET && given.length === 32 && /^[0-9a-fA-F]{64}$/.test(input.signature);
  const attempt = attemptOf({ username: row?.username ?? input.key, tenantId: row?.tenantId, userId: row?.id });
  if (!row || !matches) {
    await logAttempt(db, { ...attempt, reason: 'bad_signature' });
    throw badRequest(OPEN_LOGIN_FAILED);
  }
  await counted.succeeded();
  if (row.keyStatus !== 1) {
    await logAttempt(db, { ...attempt, reason: 'key_disabled' });
    throw new AppError(403, -1, 'This open access key is disabled: ask an administrator to enable it');
  }
  // A nonce counts once per key; old ones are swept on the way (cheap, indexed by expiry).
  await db.delete(openAccessNonces).where(lt(openAccessNonces.expiresAt, sql`now()`));
  const fresh = await db
    .insert(openAccessNonces)
    .values({ tenantId: row.tenantId, keyId: row.keyId, nonce: input.nonce, expiresAt: sql`now() + make_interval(secs => ${NONCE_TTL_SECONDS})` })
    .onConflictDoNothing()
    .returning({ nonce: openAccessNonces.nonce })
    .catch((err: unknown) => {
      // The key was deleted since it was read: it is unknown now, like any other key that is not there.
      if (isForeignKeyViolation(err)) throw badRequest(OPEN_LOGIN_FAILED);
      throw err;
    });
  if (fresh.length === 0) {
    await logAttempt(db, { ...attempt, reason: 'replayed_nonce' });
    throw badRequest('This nonce was used already: sign every request with a new random nonce');
  }
  // The key as verified, held until the session is committed: a change racing this sign-in ends it.
  const signed = { tenantId: row.tenantId, keyId: row.keyId, userId: row.id, secretEnc: row.secretEnc };
  return openSession(db, row, 'open', client, input.ttlHours, {
    openAccessKey: { id: row.keyId, recheck: (tx) => holdKeyAsSigned(tx, signed, OPEN_LOGIN_FAILED) },
  });
}
