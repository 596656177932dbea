import { and, eq, isNull } from 'drizzle-orm';
import { onlineForceLogoutCall, onlineListCall } from '@uc/contracts';
import { sessions, users } from '../../db/schema';
import { enterCrossTenant } from '../../db/tenant-scope';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { conflict, notFound } from '../../lib/errors';
import { logScope } from '../log/log-scope';
import { dataScopeCondition } from '../scope/data-scope';
import { listOnline, revokeUserSession } from './online.repository';

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
      const scope = await logScope(db, session, { tenantId: sessions.tenantId, userId: sessions.userId });
      if (session.tenantIsPlatform) await enterCrossTenant(db, session);
      return listOnline(db, query, scope, session.sessionId);
    }),
    implement(onlineForceLogoutCall, async ({ db, session, body }) => {
      if (body.sessionId === session.sessionId) throw conflict(OWN_SESSION);
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.tenantId, session.tenantId),
            eq(users.id, body.id),
            isNull(users.deletedAt),
            await dataScopeCondition(db, session, { dept: users.deptId, owner: users.id }),
          ),
        );
      // A user outside the caller's data scope is the same as not there.
      if (!user || !(await revokeUserSession(db, session.tenantId, user.id, body.sessionId))) throw notFound(SESSION_GONE);
      return { revoked: 1 };
    }),
  ];
}
