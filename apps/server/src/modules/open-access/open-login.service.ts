import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LoginResult } from '@uc/contracts';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import type { LoginThrottleConfig } from '../../config';
import { openSession, type ClientInfo } from '../auth/auth.service';
import { beginIpSignIn } from '../auth/login-throttle';
import { logAttempt, type LoginAttempt } from '../security/login-log.repository';
import { holdKeyAsSigned } from './open-access.service';
import { keyForSignIn, recordNonce } from './open-login.repository';
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
  const row = await keyForSignIn(db, input.key);
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
  // A nonce counts once per key.
  const nonce = await recordNonce(db, { tenantId: row.tenantId, keyId: row.keyId, nonce: input.nonce, ttlSeconds: NONCE_TTL_SECONDS });
  // The key was deleted since it was read: it is unknown now, like any other key that is not there.
  if (nonce === 'key-gone') throw badRequest(OPEN_LOGIN_FAILED);
  if (nonce === 'replayed') {
    await logAttempt(db, { ...attempt, reason: 'replayed_nonce' });
    throw badRequest('This nonce was used already: sign every request with a new random nonce');
  }
  // The key as verified, held until the session is committed: a change racing this sign-in ends it.
  const signed = { tenantId: row.tenantId, keyId: row.keyId, userId: row.id, secretEnc: row.secretEnc };
  return openSession(db, row, 'open', client, input.ttlHours, {
    openAccessKey: { id: row.keyId, recheck: (tx) => holdKeyAsSigned(tx, signed, OPEN_LOGIN_FAILED) },
  });
}
