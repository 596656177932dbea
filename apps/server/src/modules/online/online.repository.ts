import { and, count, eq, getTableColumns, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { ONLINE_FIELDS, ONLINE_KEYWORD_FIELDS, type ListQuery, type OnlineRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import { depts, sessions, users } from '../../db/schema';
import { listPage, listPlan, listWhere, type ListField, type ListPage, type ListSpec } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { logScope } from '../log/log-scope';
import { describeUserAgent } from '../profile/user-agent';

/*
 * The live sessions (在线用户) in the caller's tenant-scoped transaction: row-level security decides
 * whose rows exist (the caller's tenant; every tenant once the platform entered the cross-tenant
 * scope), `scope` narrows them to the caller's data scope (log/log-scope.ts). A session is live while
 * it is neither revoked nor expired and its user is not deleted (as findLiveSession admits one).
 */

const fields: Record<(typeof ONLINE_FIELDS)[number], ListField> = {
  id: { column: sessions.id, type: 'number' },
  tenantId: { column: sessions.tenantId, type: 'number' },
  userId: { column: sessions.userId, type: 'number' },
  username: { column: users.username, type: 'string' },
  ip: { column: sessions.ip, type: 'string' },
  createdAt: { column: sessions.createdAt, type: 'date' },
  lastSeenAt: { column: sessions.lastSeenAt, type: 'date' },
};
const spec: ListSpec = { fields, keywordFields: ONLINE_KEYWORD_FIELDS };

const liveSession = and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));
const live = and(liveSession, isNull(users.deletedAt));
const withUser = and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId));
/** Filters that read the user's columns (its name, and the keyword, which searches it). */
const readsUser = (q: ListQuery) => (q.filter ?? []).some((f) => f.op === 'keyword' || f.field === 'username');

export async function listOnline(db: Db, q: ListQuery, scope: SQL | undefined, currentSessionId: number): Promise<ListPage<OnlineRow>> {
  const where = and(live, listWhere(spec, q.filter), scope);
  const plan = listPlan(
    spec,
    q,
    [],
    [
      { column: sessions.createdAt, desc: true },
      { column: sessions.id, desc: true },
    ],
  );
  const { id, tenantId, userId, ip, userAgent, createdAt, lastSeenAt, expiresAt } = getTableColumns(sessions);
  const rows = await db
    .select({
      id,
      tenantId,
      userId,
      username: users.username,
      realName: users.realName,
      deptName: sql<string>`coalesce(${depts.name}, '')`,
      ip,
      userAgent,
      createdAt,
      lastSeenAt,
      expiresAt,
      ...plan.keyFields,
    })
    .from(sessions)
    .innerJoin(users, withUser)
    .leftJoin(depts, and(eq(depts.tenantId, users.tenantId), eq(depts.id, users.deptId)))
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  // The count reads the sessions alone unless a filter reads the user: recycling a user ends their
  // sessions (member-write.repository.ts), so a live session's user is never deleted, and ten thousand
  // joins to users were most of a page's time.
  const countUpTo = async (limit: number) => {
    const matching = readsUser(q)
      ? db
          .select({ one: sql`1` })
          .from(sessions)
          .innerJoin(users, withUser)
          .where(where)
      : db
          .select({ one: sql`1` })
          .from(sessions)
          .where(and(liveSession, listWhere(spec, q.filter), scope));
    const [row] = await db.select({ n: count() }).from(matching.limit(limit).as('capped'));
    return row?.n ?? 0;
  };
  return listPage(plan, rows, countUpTo, (r) => ({
    ...r,
    ...describeUserAgent(r.userAgent),
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    current: r.id === currentSessionId,
  }));
}

/** Ends one live session of a user of `tenantId`; false when there is no such live session. */
export async function revokeUserSession(db: Db, tenantId: number, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** The sessions the caller reads (log/log-scope.ts); computed before the platform enters the cross-tenant scope. */
export const onlineScope = (db: Db, session: Session): Promise<SQL | undefined> =>
  logScope(db, session, { tenantId: sessions.tenantId, userId: sessions.userId });
