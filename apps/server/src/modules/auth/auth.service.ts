import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoginResult } from '@uc/shared/contracts';
import type { Db } from '../../db/client';
import { tenants, users } from '../../db/schema';
import { AppError, badRequest, noLicence } from '../../lib/errors';
import { consumeCaptcha } from '../site/captcha.service';
import { insertSession } from './session.repository';
import { hashToken, newToken } from './token';

export const LOGIN_FAILED = 'Login failed, please try again!';
export const CAPTCHA_FAILED = 'Verification Code Error.';

/** argon2id with the library's defaults (argon2id, m=19 MiB, t=2, p=1: the OWASP baseline). */
export const hashPassword = (password: string): Promise<string> => hash(password);

// Verified when the user does not exist, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password-but-equally-slow'));

export interface LoginInput {
  username: string;
  password: string;
  cid?: string;
  code?: string;
  ip: string;
  userAgent: string;
  captchaRequired: boolean;
  ttlHours: number;
}

/** Signs a user in; wrong user name and wrong password fail alike with LOGIN_FAILED. */
export async function login(db: Db, input: LoginInput): Promise<LoginResult> {
  if (input.captchaRequired && !(await consumeCaptcha(db, input.cid, input.code))) throw badRequest(CAPTCHA_FAILED);
  const [user] = await db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      username: users.username,
      passwordHash: users.passwordHash,
      status: users.status,
      tenantStatus: tenants.status,
      tenantExpiresAt: tenants.expiresAt,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(sql`lower(${users.username}) = lower(${input.username})`, isNull(users.deletedAt)))
    .limit(1);
  const matches = await verify(user?.passwordHash ?? (await dummy()), input.password).catch(() => false);
  if (!user || !matches) throw badRequest(LOGIN_FAILED);
  // Past the password check, the caller owns the account: say plainly why it cannot sign in.
  if (user.status !== 1) throw new AppError(403, -1, 'This account is disabled: ask an administrator to enable it');
  if (user.tenantStatus !== 1 || (user.tenantExpiresAt && user.tenantExpiresAt.getTime() <= Date.now())) throw noLicence();

  const token = newToken();
  const expires = new Date(Date.now() + input.ttlHours * 3_600_000);
  await db.transaction(async (tx) => {
    await insertSession(tx, {
      tokenHash: hashToken(token),
      tenantId: user.tenantId,
      userId: user.id,
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 512),
      expiresAt: expires,
    });
    await tx
      .update(users)
      .set({ lastLoginAt: sql`now()`, lastLoginIp: input.ip, loginCount: sql`${users.loginCount} + 1` })
      .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)));
  });
  return { id: user.id, username: user.username, token, expires: expires.toISOString() };
}
