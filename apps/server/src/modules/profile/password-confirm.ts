import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { RefusalAfterCommit } from '../../http/route-registrar';
import { badRequest, notSignedIn, tooManyRequests } from '../../lib/errors';
import type { Session } from '../auth/access';
import { verifyPassword } from '../auth/auth.service';
import { clearCounter, reserveSlot, type SlotRule } from '../security/rate-limit.repository';
import { inSystemScope } from './system-scope';

/*
 * A signed-in user confirming a change with their login password (the password change, the withdrawal
 * account). A stolen session must not become a way to guess the password: each confirmation is counted
 * as a failure before the password is looked at, a wrong one stays counted (the call's transaction
 * commits the count, RefusalAfterCommit), and after 5 in 15 minutes each further one locks the account's
 * confirmations for 1 s, 2 s, 4 s ... up to 15 minutes. A right password forgets the failures.
 */

const RULE: SlotRule = { windowSeconds: 15 * 60, lockAfter: 5, maxLockSeconds: 15 * 60 };
const keyOf = (session: Session) => `password:user:${session.tenantId}:${session.userId}`;

export const CONFIRM_LOCKED = 'Too many wrong passwords: wait {seconds} seconds, then try again (or reset your password by SMS)';

/**
 * Checks the caller's login password, or refuses: 429 while locked, else 400 with `wrong` (a
 * "field: reason" message). Call it before any other write of the call: a wrong password commits the count.
 */
export async function confirmPassword(db: Db, session: Session, password: string, wrong: string): Promise<void> {
  const key = keyOf(session);
  const reserved = await inSystemScope(db, (system) => reserveSlot(system, key, RULE));
  if (reserved.outcome !== 'admitted') {
    const seconds = reserved.outcome === 'locked' ? reserved.retryAfterSeconds : 1;
    throw tooManyRequests(CONFIRM_LOCKED, seconds, { seconds });
  }
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId), isNull(users.deletedAt)));
  if (!user) throw notSignedIn();
  if (!(await verifyPassword(user.passwordHash, password))) throw new RefusalAfterCommit(badRequest(wrong));
  await inSystemScope(db, (system) => clearCounter(system, key));
}
