import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ListQuery, MemberRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import { depts, posts, users } from '../../db/schema';
import { countRows, listPage, listPlan, listWhere, type ListPage, type ListSpec } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { memberListSpec } from './member.fields';
import { memberVisibility } from './member.visibility';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** One page of the users the caller may see, live ones or (recycle) deleted ones, with the total. */
export async function listMembers(db: Db, session: Session, q: ListQuery, recycle = false): Promise<ListPage<MemberRow>> {
  const page = await listUsers(db, await memberVisibility(db, session), q, { recycle, spec: memberListSpec });
  return { ...page, list: page.list.map(({ tenantId: _tenant, ...row }) => row) };
}

/**
 * The one user list query: the page of users matching `visible` (the caller's tenant and data scope
 * for the member list; the tenant filter of the platform's list of every tenant's users), live or
 * (recycle) deleted, filtered and sorted by `spec`. Each row carries its tenant.
 */
export async function listUsers(
  db: Db,
  visible: SQL | undefined,
  q: ListQuery,
  { recycle, spec }: { recycle: boolean; spec: ListSpec },
): Promise<ListPage<MemberRow & { tenantId: number }>> {
  const where: SQL | undefined = and(visible, recycle ? isNotNull(users.deletedAt) : isNull(users.deletedAt), listWhere(spec, q.filter));
  const plan = listPlan(spec, q, [{ field: 'id', desc: true }], [{ column: users.id, desc: true }]);
  const pageWhere = and(where, plan.after);
  // A deep offset skips its rows on the users index alone (ids only: no joins, no row fetches for
  // the skipped rows), then the page's few rows are fetched whole.
  const picked =
    plan.offset > 0
      ? inArray(
          users.id,
          db
            .select({ id: users.id })
            .from(users)
            .where(pageWhere)
            .orderBy(...plan.orderBy)
            .limit(plan.limit)
            .offset(plan.offset),
        )
      : undefined;
  const rows = await db
    .select({
      tenantId: users.tenantId,
      id: users.id,
      username: users.username,
      realName: users.realName,
      avatar: users.avatar,
      mobile: users.mobile,
      email: users.email,
      deptId: users.deptId,
      deptName: depts.name,
      postId: users.postId,
      postName: posts.name,
      status: users.status,
      sex: users.sex,
      balance: users.balance,
      integral: users.integral,
      lastLoginAt: users.lastLoginAt,
      lastLoginIp: users.lastLoginIp,
      loginCount: users.loginCount,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
      ...plan.keyFields,
    })
    .from(users)
    .leftJoin(depts, and(eq(depts.tenantId, users.tenantId), eq(depts.id, users.deptId)))
    .leftJoin(posts, and(eq(posts.tenantId, users.tenantId), eq(posts.id, users.postId)))
    .where(and(pageWhere, picked))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(picked ? 0 : plan.offset);
  return listPage(plan, rows, countRows(db, users, where), (r) => ({
    ...r,
    deptName: r.deptName ?? null,
    postName: r.postName ?? null,
    lastLoginAt: iso(r.lastLoginAt),
    createdAt: r.createdAt.toISOString(),
    deletedAt: iso(r.deletedAt),
  }));
}
