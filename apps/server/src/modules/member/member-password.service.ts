import { updatePasswordCall } from '@uc/contracts';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { hashChosenPassword } from '../account/password-policy';
import type { Session } from '../auth/access';
import { revokeOtherSessions } from '../auth/session.repository';
import { confirmPassword } from '../profile/password-confirm';
import { writeAudit } from '../security/audit-log.repository';
import { setOwnPasswordHash } from './member-self.repository';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  endOtherSessions: boolean;
}

/**
 * The caller changes their own password: the current one is checked, the new one meets the policy
 * (length by the contract, not a common one, not the same), and the other sessions may end at once.
 * Answers how many other sessions ended.
 */
export async function changeOwnPassword(db: Db, session: Session, body: PasswordChange, ip: string): Promise<number> {
  // Counted and throttled, so a stolen session cannot guess the password (profile/password-confirm.ts).
  await confirmPassword(db, session, body.oldPassword, 'oldPassword: the current password is wrong');
  if (body.newPassword === body.oldPassword) throw badRequest('newPassword: the new password is the same as the current one: choose a different one');
  await setOwnPasswordHash(db, session, await hashChosenPassword(body.newPassword, 'newPassword'));
  const revoked = body.endOtherSessions ? await revokeOtherSessions(db, session.tenantId, session.userId, session.sessionId) : 0;
  // A user's own write, audited like an administrator's (the registrar audits permission calls only).
  await writeAudit(db, session, { action: updatePasswordCall.path, target: String(session.userId), fields: Object.keys(body), ip });
  return revoked;
}
