import { DASHBOARD_RECENT_ROWS, LOGIN_LOG_PERMISSION, Status, type DashboardWorkplace } from '@uc/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs, roles, tenants, userRoles, users } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import { enterCrossTenant } from '../../db/tenant-scope';
import { hasPermission, type Session } from '../auth/access';
import { unreadCounts } from '../notice/notice.repository';

/*
 * The workplace, in the caller's tenant transaction (ctx.db): row-level security keeps every read in
 * their tenant, and each query names the tenant too, so it reads its index range only.
 */

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
/** Failures only (result 2), as a literal: the planner then matches the partial indexes of failures (drizzle/0036). */
const FAILED = sql.raw('2');
const LIMIT = sql.raw(String(DASHBOARD_RECENT_ROWS));

interface FailedRow {
  id: number | string;
  created_at: Date | string;
  username: string;
  ip: string;
  reason: string;
  method: string;
}

/**
 * The latest failed sign-ins of the caller's tenant. The platform's caller also sees the attempts whose
 * user name matched nobody (tenant_id null, visible across tenants only): the two are read newest first
 * from their own indexes (login_logs_failed_idx, login_logs_failed_unknown_idx) and merged, so each
 * read stops after DASHBOARD_RECENT_ROWS entries.
 */
async function failedSignIns(db: Db, session: Session): Promise<NonNullable<DashboardWorkplace['failedSignIns']>> {
  const columns = sql`id, created_at, username, ip, reason, method`;
  const own = sql`(select ${columns} from login_logs where tenant_id = ${session.tenantId} and result = ${FAILED} order by created_at desc limit ${LIMIT})`;
  let query = own;
  if (session.tenantIsPlatform) {
    await enterCrossTenant(db, session);
    query = sql`${own} union all (select ${columns} from login_logs where tenant_id is null and result = ${FAILED} order by created_at desc limit ${LIMIT}) order by created_at desc, id desc limit ${LIMIT}`;
  }
  const rows = await rowsOf<FailedRow>(db, query);
  return rows.map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at).toISOString(),
    username: r.username,
    ip: r.ip,
    reason: r.reason,
    method: r.method,
  }));
}

export async function workplaceOf(db: Db, session: Session): Promise<DashboardWorkplace> {
  const { tenantId, userId } = session;
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      realName: users.realName,
      avatar: users.avatar,
      lastLoginAt: users.lastLoginAt,
      lastLoginIp: users.lastLoginIp,
      loginCount: users.loginCount,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  const [tenant] = await db
    .select({ id: tenants.id, name: tenants.name, isPlatform: tenants.isPlatform, expiresAt: tenants.expiresAt })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  // The session was live when the call began, in this same transaction: both rows exist.
  if (!user || !tenant) throw new Error(`workplace: user ${userId} or tenant ${tenantId} of a live session is missing`);
  const roleRows = await db
    .select({ id: roles.id, name: roles.name, key: roles.key, status: roles.status })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)))
    .orderBy(asc(roles.sort), asc(roles.id));
  const unread = await unreadCounts(db, { tenantId, userId, platform: session.tenantIsPlatform });
  const activity = await db
    .select({ id: auditLogs.id, action: auditLogs.action, target: auditLogs.target, ip: auditLogs.ip, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(and(eq(auditLogs.tenantId, tenantId), eq(auditLogs.userId, userId)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(DASHBOARD_RECENT_ROWS);
  const administrator = await hasPermission(db, session, LOGIN_LOG_PERMISSION);
  return {
    user: { ...user, lastLoginAt: iso(user.lastLoginAt) },
    tenant: { ...tenant, expiresAt: iso(tenant.expiresAt) },
    roles: roleRows.map((r) => ({ id: r.id, name: r.name, key: r.key, enabled: r.status === Status.enabled })),
    unread,
    recentActivity: activity.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    administrator,
    // Last: for the platform it opens the transaction to every tenant, which nothing above may see.
    failedSignIns: administrator ? await failedSignIns(db, session) : null,
    serverTime: new Date().toISOString(),
  };
}
