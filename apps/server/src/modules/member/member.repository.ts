import { and, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, MemberRow } from '@uc/shared/contracts';
import type { Db } from '../../db/client';
import { depts, posts, users } from '../../db/schema';
import { listOrderBy, listWhere } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { memberListSpec } from './member.fields';
import { memberVisibility } from './member.visibility';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** One page of the users the caller may see, live ones or (recycle) deleted ones, with the total. */
export async function listMembers(db: Db, session: Session, q: ListQuery, recycle = false): Promise<{ list: MemberRow[]; total: number }> {
  const where: SQL | undefined = and(await memberVisibility(db, session), recycle ? isNotNull(users.deletedAt) : isNull(users.deletedAt), listWhere(memberListSpec, q.filter));
  const orderBy = listOrderBy(memberListSpec, q.sort ?? [{ field: 'id', desc: true }], [sql`${users.id} desc`]);
  const rows = await db
      .select({
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
      })
      .from(users)
      .leftJoin(depts, and(eq(depts.tenantId, users.tenantId), eq(depts.id, users.deptId)))
      .leftJoin(posts, and(eq(posts.tenantId, users.tenantId), eq(posts.id, users.postId)))
      .where(where)
      .orderBy(...orderBy)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
  const totals = await db.select({ total: count() }).from(users).where(where);
  return {
    list: rows.map((r) => ({
      ...r,
      deptName: r.deptName ?? null,
      postName: r.postName ?? null,
      lastLoginAt: iso(r.lastLoginAt),
      createdAt: r.createdAt.toISOString(),
      deletedAt: iso(r.deletedAt),
    })),
    total: totals[0]?.total ?? 0,
  };
}
