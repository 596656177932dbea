import { and, eq, isNull } from 'drizzle-orm';
import { forceLogoutCall, memberSessionsCall, revokeSessionCall } from '@uc/contracts';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { dataScopeCondition } from '../scope/data-scope';
import { liveSessionsOf, revokeOwnSession, revokeUserSessions } from '../auth/session.repository';
import { describeUserAgent } from '../profile/user-agent';
import { writeAudit } from '../security/audit-log.repository';

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
    implement(forceLogoutCall, async ({ db, session, body }) => {
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
      // Outside the caller's data scope is the same as not there.
      if (!user) throw notFound('There is no user {id} in your tenant: reload the user list', { id: body.id });
      return { revoked: await revokeUserSessions(db, session.tenantId, user.id) };
    }),
  ];
}
