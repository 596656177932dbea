import type { UnlockBody } from '@uc/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { RefusalAfterCommit } from '../../http/route-registrar';
import { AppError, badRequest, captchaChallenge, notSignedIn } from '../../lib/errors';
import type { Session } from '../auth/access';
import { CAPTCHA_FAILED, verifyPassword } from '../auth/auth.service';
import { beginSignIn, CAPTCHA_REQUIRED } from '../auth/login-throttle';
import { inSystemScope } from '../profile/system-scope';
import { consumeCaptcha } from '../site/captcha.service';
import { ownPasswordHash } from './member-self.repository';

export const UNLOCK_WRONG_PASSWORD = 'The password is wrong: enter the password you sign in with, or sign out';

/** Counts stand whatever the answer: a refusal after a count (or a spent captcha) commits the call's transaction. */
const standing = (err: unknown): unknown => (err instanceof AppError ? new RefusalAfterCommit(err) : err);

/**
 * The lock screen's unlock (spec: IS-LOCKSCREEN): the caller's own login password, checked through the
 * sign-in throttle exactly as a sign-in of the same account from the same address would be. A locked
 * console left on a desk must not become a way around that throttle: a wrong password counts against the
 * account and the address, the account's captcha and lock-out apply, and a right one forgets the account's
 * failures. The session itself is untouched either way (the push stream and the token stay).
 */
export async function unlockConsole(db: Db, throttle: Config['loginThrottle'], session: Session, body: UnlockBody, ip: string): Promise<void> {
  // Settled before anything is counted, and spent either way (a code is good for one try), as at sign-in.
  const captchaSolved = body.cid && body.code ? await inSystemScope(db, (system) => consumeCaptcha(system, body.cid, body.code)) : false;
  const attempt = await inSystemScope(db, (system) => beginSignIn(system, throttle, session.username, ip, captchaSolved)).catch((err: unknown) => {
    throw standing(err);
  });
  if (attempt.captchaRequired) throw standing(captchaChallenge(body.cid ? CAPTCHA_FAILED : CAPTCHA_REQUIRED));
  const passwordHash = await ownPasswordHash(db, session);
  if (passwordHash === undefined) throw notSignedIn();
  if (!(await verifyPassword(passwordHash, body.password))) throw standing(badRequest(UNLOCK_WRONG_PASSWORD));
  await inSystemScope(db, () => attempt.succeeded());
}
