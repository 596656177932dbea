import {
  appJobCall,
  DASHBOARD_RECENT_ROWS,
  dashboardMonitorCall,
  LOGIN_LOG_PERMISSION,
  Status,
  tenantListCall,
  tenantViewCall,
  type DashboardWorkplace,
} from '@uc/contracts';
import type { MessageLocale } from '@uc/contracts/messages';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs, roles, sessions, tenants, userRoles, users } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import { enterCrossTenant } from '../../db/tenant-scope';
import { grantedPaths, type Session } from '../auth/access';
import { unreadCounts } from '../notice/notice.repository';
import { attentionOf } from './dashboard-attention.repository';
import type { RemoteHealth } from './remote-health';

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

/** Which of the permissions the workplace asks about the caller holds, in one read of their grants. */
async function grantsOf(db: Db, session: Session): Promise<(path: string) => boolean> {
  if (session.isSuperAdmin) return () => true;
  const granted = await grantedPaths(db, session);
  return (path) => granted.has(path);
}

export interface WorkplaceDeps {
  /** The monitor's manifest checks, for the attention card's remotes. */
  remoteHealth: RemoteHealth;
  /** The reader's language, for the attention card's addon errors. */
  locale: MessageLocale;
}

/**
 * The user's sign-in before the one that opened this session (上次登录): every way of signing in opens
 * one session (auth.service.ts, openSession), so it is their latest session opened before this one;
 * undefined at a first sign-in. users.lastLoginAt is this very sign-in, which the workplace never
 * needs to tell its user. The user's sessions are read from sessions_user_idx.
 */
async function previousSignIn(db: Db, session: Session): Promise<{ at: Date; ip: string } | undefined> {
  const [row] = await db
    .select({ at: sessions.createdAt, ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.tenantId, session.tenantId), eq(sessions.userId, session.userId), lt(sessions.id, session.sessionId)))
    .orderBy(desc(sessions.id))
    .limit(1);
  return row;
}

export async function workplaceOf(db: Db, session: Session, deps: WorkplaceDeps): Promise<DashboardWorkplace> {
  const { tenantId, userId } = session;
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      realName: users.realName,
      avatar: users.avatar,
      loginCount: users.loginCount,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  const previous = await previousSignIn(db, session);
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
  const holds = await grantsOf(db, session);
  const administrator = holds(LOGIN_LOG_PERMISSION);
  return {
    user: { ...user, lastLoginAt: iso(previous?.at ?? null), lastLoginIp: previous?.ip ?? '' },
    tenant: { ...tenant, expiresAt: iso(tenant.expiresAt) },
    roles: roleRows.map((r) => ({ id: r.id, name: r.name, key: r.key, enabled: r.status === Status.enabled })),
    unread,
    recentActivity: activity.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    administrator,
    // Last: for the platform they open the transaction to every tenant, which nothing above may see.
    failedSignIns: administrator ? await failedSignIns(db, session) : null,
    attention: session.tenantIsPlatform
      ? await attentionOf(
          db,
          session,
          {
            // Its rows show what the tenant list shows and open the tenant's details page.
            tenants: holds(tenantListCall.path) && holds(tenantViewCall.path),
            remotes: holds(dashboardMonitorCall.path),
            addons: holds(appJobCall.path),
          },
          deps,
        )
      : null,
    serverTime: new Date().toISOString(),
  };
}
