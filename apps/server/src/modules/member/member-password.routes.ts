import { and, eq } from 'drizzle-orm';
import { updatePasswordCall } from '@uc/contracts';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { hashChosenPassword } from '../account/password-policy';
import { writeAudit } from '../security/audit-log.repository';
import { confirmPassword } from '../profile/password-confirm';
import { revokeOtherSessions } from '../auth/session.repository';

/**
 * The caller changes their own password: the current one is checked, the new one meets the policy
 * (length by the contract, not a common one, not the same), and the other sessions may end at once.
 * Demo (read-only) sessions never get here: the registrar refuses their non-GET calls.
 */
export function memberPasswordCalls(): CallImplementation[] {
  return [
    implement(updatePasswordCall, async ({ db, session, body, req }) => {
      // Counted and throttled, so a stolen session cannot guess the password (profile/password-confirm.ts).
      await confirmPassword(db, session, body.oldPassword, 'oldPassword: the current password is wrong');
      if (body.newPassword === body.oldPassword) throw badRequest('newPassword: the new password is the same as the current one: choose a different one');
      await db
        .update(users)
        .set({ passwordHash: await hashChosenPassword(body.newPassword, 'newPassword') })
        .where(and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId)));
      const revoked = body.endOtherSessions ? await revokeOtherSessions(db, session.tenantId, session.userId, session.sessionId) : 0;
      // A user's own write, audited like an administrator's (the registrar audits permission calls only).
      await writeAudit(db, session, { action: updatePasswordCall.path, target: String(session.userId), fields: Object.keys(body), ip: req.ip });
      return { revoked };
    }),
  ];
}
