import { Status, type LoginResult } from '@uc/contracts';
import { verify } from '@node-rs/argon2';
import type { LoginThrottleConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, badRequest, captchaChallenge } from '../../lib/errors';
import { licenceRefusal } from './licence';
import { consumeCaptcha } from '../site/captcha.service';
import { logAttempt, type LoginAttempt, type LoginMethod } from '../security/login-log.repository';
import { beginSignIn, CAPTCHA_REQUIRED } from './login-throttle';
import { insertSession } from './session.repository';
import { recordSignIn, signInUserByName, type SignInUser } from './sign-in.repository';
import { hashToken, newToken } from './token';
import { inTransaction } from '../../db/typed';
import { hashPassword } from '../../lib/password-hash';

export const LOGIN_FAILED = 'Login failed, please try again!';
export const CAPTCHA_FAILED = 'Verification Code Error.';

// The seed hashes the first administrator's password too: the hash lives in lib, for both.
export { hashPassword };

// Verified when the user does not exist, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password-but-equally-slow'));

/** Verifies a password against a hash, or against a dummy hash when there is none (equal timing). */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const ok = await verify(passwordHash ?? (await dummy()), password).catch(() => false);
  return ok && passwordHash !== undefined;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface LoginInput extends ClientInfo {
  username: string;
  password: string;
  cid?: string;
  code?: string;
  captchaSwitch: boolean;
  ttlHours: number;
  throttle: LoginThrottleConfig;
}

export interface SessionOptions {
  /** A read-only session (the demo account): the registrar refuses all but GET calls. */
  readOnly?: boolean;
  /**
   * The open access key signing in: the session remembers it (ending the key ends the session), and
   * `recheck` runs first in the session's transaction, throwing when the key changed since it was checked.
   */
  openAccessKey?: { id: number; recheck: (tx: Db) => Promise<void> };
}

/**
 * The last steps shared by every way of signing in: refuse a disabled user (403) or tenant (60), then
 * open a session, count the sign-in and log it. Runs on the system connection (reviewed bypass).
 */
export async function openSession(
  db: Db,
  user: SignInUser,
  method: LoginMethod,
  client: ClientInfo,
  ttlHours: number,
  options: SessionOptions = {},
): Promise<LoginResult> {
  const { readOnly = false, openAccessKey } = options;
  const attempt: LoginAttempt = { method, username: user.username, tenantId: user.tenantId, userId: user.id, ...client, reason: 'ok' };
  if (user.status !== Status.enabled) {
    await logAttempt(db, { ...attempt, reason: 'user_disabled' });
    throw new AppError(403, -1, 'This account is disabled: ask an administrator to enable it');
  }
  const refused = licenceRefusal(user);
  if (refused) {
    await logAttempt(db, { ...attempt, reason: 'tenant_disabled' });
    throw refused;
  }
  const token = newToken();
  const expires = new Date(Date.now() + ttlHours * 3_600_000);
  await inTransaction(db, async (tx) => {
    await openAccessKey?.recheck(tx);
    await insertSession(tx, {
      tokenHash: hashToken(token),
      tenantId: user.tenantId,
      userId: user.id,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 512),
      expiresAt: expires,
      readOnly,
      openAccessKeyId: openAccessKey?.id,
    });
    await recordSignIn(tx, user, client.ip);
  });
  await logAttempt(db, attempt);
  return { id: user.id, username: user.username, token, expires: expires.toISOString() };
}

/**
 * Signs a user in by name and password; wrong user name and wrong password fail alike with
 * LOGIN_FAILED. The attempt is counted before the password is looked at (see login-throttle.ts).
 */
export async function login(db: Db, input: LoginInput): Promise<LoginResult> {
  const client = { ip: input.ip, userAgent: input.userAgent };
  const attempt: LoginAttempt = { method: 'account', username: input.username, ...client, reason: 'ok' };
  // Settled before anything is counted (and spent either way: a code is good for one try).
  const captchaSolved = input.cid && input.code ? await consumeCaptcha(db, input.cid, input.code) : false;
  // Both captcha refusals carry the challenge flag, so the form shows the image instead of parsing the message.
  if (input.captchaSwitch && !captchaSolved) {
    await logAttempt(db, { ...attempt, reason: 'captcha' });
    throw captchaChallenge(CAPTCHA_FAILED);
  }
  const counted = await beginSignIn(db, input.throttle, input.username, input.ip, captchaSolved).catch(async (err: unknown) => {
    await logAttempt(db, { ...attempt, reason: 'throttled' });
    throw err;
  });
  if (counted.captchaRequired) {
    await logAttempt(db, { ...attempt, reason: 'captcha' });
    throw captchaChallenge(input.cid ? CAPTCHA_FAILED : CAPTCHA_REQUIRED);
  }
  const user = await signInUserByName(db, input.username);
  // Verified even when nobody has that name (against a dummy hash): both failures take the same time.
  const matches = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !matches) {
    await logAttempt(db, { ...attempt, tenantId: user?.tenantId, userId: user?.id, reason: 'bad_credentials' });
    throw badRequest(LOGIN_FAILED);
  }
  await counted.succeeded();
  // Past the password check, the caller owns the account: say plainly why it cannot sign in.
  return openSession(db, user, 'account', client, input.ttlHours);
}
