import type { LoginMethod, LoginReason } from '@uc/contracts';
import type { Db } from '../../db/client';
import { loginLogs } from '../../db/schema';

export type { LoginMethod, LoginReason } from '@uc/contracts';

export interface LoginAttempt {
  method: LoginMethod;
  username: string;
  tenantId?: number | null;
  userId?: number | null;
  ip: string;
  userAgent: string;
  reason: LoginReason;
}

/**
 * Records one sign-in attempt on the system connection (reviewed bypass: the tenant is not known for
 * an unknown user name). Never given a password, code or token: only what LoginAttempt names.
 */
export async function logAttempt(db: Db, a: LoginAttempt): Promise<void> {
  await db.insert(loginLogs).values({
    method: a.method,
    username: a.username.trim().slice(0, 64),
    tenantId: a.tenantId ?? null,
    userId: a.userId ?? null,
    ip: a.ip.slice(0, 64),
    userAgent: a.userAgent.slice(0, 512),
    result: a.reason === 'ok' ? 1 : 2,
    reason: a.reason,
  });
}
