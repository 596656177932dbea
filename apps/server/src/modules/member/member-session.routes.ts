import { forceLogoutBatchCall, forceLogoutCall, memberSessionsCall, revokeSessionCall } from '@uc/contracts';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { Session } from '../auth/access';
import { implement, implementBatch, type CallImplementation } from '../../http/route-registrar';
import { isVisibleMember } from './member.visibility';
import { liveSessionsOf, revokeOwnSession, revokeUserSessions } from '../auth/session.repository';
import { describeUserAgent } from '../profile/user-agent';
import { writeAudit } from '../security/audit-log.repository';

export const FORCE_LOGOUT_SELF = 'You cannot force yourself out here: sign out from the user menu, or end your other sessions in your account settings';

/**
 * Ends every session of one user of the caller's tenant and data scope (force logout, one or a batch of
 * them); the number ended. Not oneself: that would end the very session making the call.
 */
export async function forceLogoutMember(db: Db, session: Session, id: number): Promise<number> {
  if (id === session.userId) throw forbidden(FORCE_LOGOUT_SELF);
  // Outside the caller's data scope is the same as not there.
  if (!(await isVisibleMember(db, session, id))) throw notFound('There is no user {id} in your tenant: reload the user list', { id });
  return revokeUserSessions(db, session.tenantId, id);
}

/** A user's own sessions, and the administrator's force logout. All run in the caller's tenant scope. */
export function memberSessionCalls(): CallImplementation[] {
  return [
    implement(memberSessionsCall, async ({ db, session }) => {
      const rows = await liveSessionsOf(db, session.tenantId, session.userId);
      return {
        list: rows.map((r) => ({
          ...r,
          ...describeUserAgent(r.userAgent),
          createdAt: r.createdAt.toISOString(),
          lastSeenAt: r.lastSeenAt.toISOString(),
          expiresAt: r.expiresAt.toISOString(),
          current: r.id === session.sessionId,
        })),
      };
    }),
    implement(revokeSessionCall, async ({ db, session, body, req }) => {
      if (!(await revokeOwnSession(db, session.tenantId, session.userId, body.id))) {
        throw notFound('You have no live session {id}: reload the list of your sessions', { id: body.id });
      }
      // A user's own write, audited like an administrator's (the registrar audits permission calls only).
      await writeAudit(db, session, { action: revokeSessionCall.path, target: String(body.id), fields: ['id'], ip: req.ip });
      return null;
    }),
    implement(forceLogoutCall, async ({ db, session, body }) => ({ revoked: await forceLogoutMember(db, session, body.id) })),
    implementBatch(forceLogoutBatchCall, ({ db, session, body }) => forceLogoutMember(db, session, body.id)),
  ];
}
