import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, MemberRow } from '@uc/shared/contracts';
import type { Db } from '../../db/client';
import { depts, users } from '../../db/schema';
import { listOrderBy, listWhere } from '../../lib/list-query.sql';
import { memberListSpec } from './member.fields';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** One page of the tenant's users (deleted ones excluded) within `scope` (the data scope), with the total. */
export async function listMembers(db: Db, tenantId: number, q: ListQuery, scope?: SQL): Promise<{ list: MemberRow[]; total: number }> {
  const where: SQL | undefined = and(eq(users.tenantId, tenantId), isNull(users.deletedAt), scope, listWhere(memberListSpec, q.filter));
  const orderBy = listOrderBy(memberListSpec, q.sort ?? [{ field: 'id', desc: true }], [sql`${users.id} desc`]);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        realName: users.realName,
        avatar: users.avatar,
        mobile: users.mobile,
        email: users.email,
        deptId: users.deptId,
        deptName: depts.name,
        status: users.status,
        lastLoginAt: users.lastLoginAt,
        lastLoginIp: users.lastLoginIp,
        loginCount: users.loginCount,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(depts, and(eq(depts.tenantId, users.tenantId), eq(depts.id, users.deptId)))
      .where(where)
      .orderBy(...orderBy)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    list: rows.map((r) => ({ ...r, deptName: r.deptName ?? null, lastLoginAt: iso(r.lastLoginAt), createdAt: r.createdAt.toISOString() })),
    total: totals[0]?.total ?? 0,
  };
}
