import { and, eq, isNull } from 'drizzle-orm';
import type { LoginResult } from '@uc/shared/contracts';
import type { Db } from '../../db/client';
import { tenants, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { CAPTCHA_FAILED, openSession, signInColumns, type ClientInfo } from '../auth/auth.service';
import { revokeUserSessions } from '../auth/session.repository';
import { logAttempt } from '../security/login-log.repository';
import { consumeSmsCode } from '../sms/sms.service';
import { checkPassword, hashChosenPassword } from './password-policy';

/* Mobile sign-in and SMS password reset, on the system connection (reviewed bypass: no tenant yet). */

export const SEVERAL_ACCOUNTS = 'Several accounts use this phone number: sign in with your user name and password instead';

/** The live users with this mobile number, with their tenant's licence state. */
export async function usersByMobile(db: Db, mobile: string) {
  return db
    .select(signInColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.mobile, mobile), isNull(users.deletedAt)))
    .limit(2);
}

export async function mobileLogin(db: Db, input: { mobile: string; code: string; ttlHours: number } & ClientInfo): Promise<LoginResult> {
  const client = { ip: input.ip, userAgent: input.userAgent };
  if (!(await consumeSmsCode(db, input.mobile, 'login', input.code))) {
    await logAttempt(db, { method: 'mobile', username: input.mobile, ...client, reason: 'bad_code' });
    throw badRequest(CAPTCHA_FAILED);
  }
  const found = await usersByMobile(db, input.mobile);
  if (found.length !== 1) {
    await logAttempt(db, { method: 'mobile', username: input.mobile, ...client, reason: 'bad_credentials' });
    throw badRequest(found.length > 1 ? SEVERAL_ACCOUNTS : 'Login failed, please try again!');
  }
  return openSession(db, found[0]!, 'mobile', client, input.ttlHours);
}

/** Sets a new password after an SMS code of event resetPwd, and ends every session of the user. */
export async function resetPasswordBySms(db: Db, input: { mobile: string; code: string; password: string }): Promise<void> {
  // Before the code is spent: a refused password must not cost the user their code.
  checkPassword(input.password);
  if (!(await consumeSmsCode(db, input.mobile, 'resetPwd', input.code))) throw badRequest(CAPTCHA_FAILED);
  const found = await usersByMobile(db, input.mobile);
  if (found.length === 0) throw notFound('No account uses this phone number: check the number or register');
  if (found.length > 1) throw badRequest(`${SEVERAL_ACCOUNTS}, or ask an administrator to reset the password`);
  const user = found[0]!;
  const passwordHash = await hashChosenPassword(input.password);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.update(users).set({ passwordHash }).where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)));
    await revokeUserSessions(tx, user.tenantId, user.id);
  });
}
