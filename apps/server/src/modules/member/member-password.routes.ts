import { updatePasswordCall } from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { changeOwnPassword } from './member-password.service';

/**
 * The caller changes their own password (member-password.service.ts).
 * Demo (read-only) sessions never get here: the registrar refuses their non-GET calls.
 */
export function memberPasswordCalls(): CallImplementation[] {
  return [
    implement(updatePasswordCall, async ({ db, session, body, req }) => {
      return { revoked: await changeOwnPassword(db, session, body, req.ip) };
    }),
  ];
}
