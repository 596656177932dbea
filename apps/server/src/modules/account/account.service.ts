import type { LoginResult } from '@uc/contracts';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { CAPTCHA_FAILED, LOGIN_FAILED, openSession, type ClientInfo } from '../auth/auth.service';
import { revokeUserSessions } from '../auth/session.repository';
import { setPasswordHash, signInUserByMobile, type SignInUser } from '../auth/sign-in.repository';
import { logAttempt } from '../security/login-log.repository';
import { consumeSmsCode } from '../sms/sms.service';
import { checkPassword, hashChosenPassword } from './password-policy';
import { inTransaction } from '../../db/typed';

/* Mobile sign-in and SMS password reset, on the system connection (reviewed bypass: no tenant yet). */

/** The live user who verified this mobile number (sign-in.repository.ts), with their tenant's licence state. */
export const userByMobile = (db: Db, mobile: string): Promise<SignInUser | undefined> => signInUserByMobile(db, mobile);

/*
 * Both calls check the code first, so a wrong code answers the same whether or not the number has
 * an account (nobody learns which numbers do); but they spend it only when there is an account to
 * use it on: a right code for a number without one stays good (the account may come back).
 */

export async function mobileLogin(db: Db, input: { mobile: string; code: string; ttlHours: number } & ClientInfo): Promise<LoginResult> {
  const client = { ip: input.ip, userAgent: input.userAgent };
  const user = await userByMobile(db, input.mobile);
  if (!(await consumeSmsCode(db, input.mobile, 'login', input.code, { spend: user !== undefined }))) {
    await logAttempt(db, { method: 'mobile', username: input.mobile, ...client, reason: 'bad_code' });
    throw badRequest(CAPTCHA_FAILED);
  }
  if (!user) {
    await logAttempt(db, { method: 'mobile', username: input.mobile, ...client, reason: 'bad_credentials' });
    throw badRequest(LOGIN_FAILED);
  }
  return openSession(db, user, 'mobile', client, input.ttlHours);
}

/** Sets a new password after an SMS code of event resetPwd, and ends every session of the user. */
export async function resetPasswordBySms(db: Db, input: { mobile: string; code: string; password: string }): Promise<void> {
  // Before the code is spent: a refused password must not cost the user their code.
  checkPassword(input.password);
  const user = await userByMobile(db, input.mobile);
  if (!(await consumeSmsCode(db, input.mobile, 'resetPwd', input.code, { spend: user !== undefined }))) throw badRequest(CAPTCHA_FAILED);
  if (!user) throw notFound('No account uses this phone number: check the number or register');
  const passwordHash = await hashChosenPassword(input.password);
  await inTransaction(db, async (tx) => {
    await setPasswordHash(tx, user, passwordHash);
    await revokeUserSessions(tx, user.tenantId, user.id);
  });
}
