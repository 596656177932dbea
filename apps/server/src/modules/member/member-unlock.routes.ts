import { and, eq, isNull } from 'drizzle-orm';
import { memberUnlockCall } from '@uc/contracts';
import type { Config } from '../../config';
import { users } from '../../db/schema';
import { AppError, badRequest, captchaChallenge, notSignedIn } from '../../lib/errors';
import { implement, RefusalAfterCommit, type CallImplementation } from '../../http/route-registrar';
import { CAPTCHA_FAILED, verifyPassword } from '../auth/auth.service';
import { beginSignIn, CAPTCHA_REQUIRED } from '../auth/login-throttle';
import { inSystemScope } from '../profile/system-scope';
import { consumeCaptcha } from '../site/captcha.service';

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
export function memberUnlockCalls(config: Config): CallImplementation[] {
  return [
    implement(memberUnlockCall, async ({ db, session, body, req }) => {
      // Settled before anything is counted, and spent either way (a code is good for one try), as at sign-in.
      const captchaSolved = body.cid && body.code ? await inSystemScope(db, (system) => consumeCaptcha(system, body.cid, body.code)) : false;
      const attempt = await inSystemScope(db, (system) => beginSignIn(system, config.loginThrottle, session.username, req.ip, captchaSolved)).catch(
        (err: unknown) => {
          throw standing(err);
        },
      );
      if (attempt.captchaRequired) throw standing(captchaChallenge(body.cid ? CAPTCHA_FAILED : CAPTCHA_REQUIRED));
      const [user] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId), isNull(users.deletedAt)));
      if (!user) throw notSignedIn();
      if (!(await verifyPassword(user.passwordHash, body.password))) throw standing(badRequest(UNLOCK_WRONG_PASSWORD));
      await inSystemScope(db, () => attempt.succeeded());
      return null;
    }),
  ];
}
