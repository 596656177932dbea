import { onlineForceLogoutCall, onlineListCall } from '@uc/contracts';
import { enterCrossTenant } from '../../db/tenant-scope';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { conflict, notFound } from '../../lib/errors';
import { isVisibleMember } from '../member/member.visibility';
import { listOnline, onlineScope, revokeUserSession } from './online.repository';

export const SESSION_GONE = 'That session has ended or is not one of your users: reload the list of online users';
export const OWN_SESSION = 'This is the session you are using: sign out from the user menu instead';

/**
 * 在线用户: the live sessions an administrator may see (their tenant within their data scope; every
 * tenant for the platform), and the force logout of one. The force logout is guarded as the user's
 * force logout is: its permission (forceLogoutCall's), the actor-covers-target rule (the registrar's,
 * on `id`), the data scope; the platform ends another tenant's session acting in it (X-UC-Tenant).
 */
export function onlineCalls(): CallImplementation[] {
  return [
    implement(onlineListCall, async ({ db, session, query }) => {
      const scope = await onlineScope(db, session);
      if (session.tenantIsPlatform) await enterCrossTenant(db, session);
      return listOnline(db, query, scope, session.sessionId);
    }),
    implement(onlineForceLogoutCall, async ({ db, session, body }) => {
      if (body.sessionId === session.sessionId) throw conflict(OWN_SESSION);
      // A user outside the caller's data scope is the same as not there.
      if (!(await isVisibleMember(db, session, body.id)) || !(await revokeUserSession(db, session.tenantId, body.id, body.sessionId)))
        throw notFound(SESSION_GONE);
      return { revoked: 1 };
    }),
  ];
}
