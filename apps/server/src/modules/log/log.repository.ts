import { and, asc, desc, getTableColumns, type SQL } from 'drizzle-orm';
import {
  ALL_CALLS,
  AUDIT_LOG_FIELDS,
  AUDIT_LOG_KEYWORD_FIELDS,
  LOGIN_LOG_FIELDS,
  LOGIN_LOG_KEYWORD_FIELDS,
  permissionOf,
  type AuditLogRow,
  type ListQuery,
  type LoginLogRow,
} from '@uc/contracts';
import type { Db } from '../../db/client';
import { auditLogs, loginLogs, menus } from '../../db/schema';
import { countRows, listPage, listPlan, listWhere, type ListField, type ListPage, type ListSpec } from '../../lib/list-query.sql';
import type { Session } from '../auth/access';
import { describeUserAgent } from '../profile/user-agent';
import { logScope } from './log-scope';

/*
 * Both lists run in the caller's tenant-scoped transaction: row-level security decides which tenants'
 * rows exist (the caller's own; every tenant's once the platform entered the cross-tenant scope), so
 * no tenant filter is written here; `scope` narrows them to the caller's data scope (log-scope.ts).
 */

const loginFields: Record<(typeof LOGIN_LOG_FIELDS)[number], ListField> = {
  id: { column: loginLogs.id, type: 'number' },
  tenantId: { column: loginLogs.tenantId, type: 'number' },
  userId: { column: loginLogs.userId, type: 'number' },
  username: { column: loginLogs.username, type: 'string' },
  method: { column: loginLogs.method, type: 'string' },
  result: { column: loginLogs.result, type: 'number' },
  reason: { column: loginLogs.reason, type: 'string' },
  ip: { column: loginLogs.ip, type: 'string' },
  createdAt: { column: loginLogs.createdAt, type: 'date' },
};
const loginSpec: ListSpec = {
  fields: { ...loginFields, userAgent: { column: loginLogs.userAgent, type: 'string' } },
  keywordFields: LOGIN_LOG_KEYWORD_FIELDS,
};

const auditFields: Record<(typeof AUDIT_LOG_FIELDS)[number], ListField> = {
  id: { column: auditLogs.id, type: 'number' },
  tenantId: { column: auditLogs.tenantId, type: 'number' },
  userId: { column: auditLogs.userId, type: 'number' },
  username: { column: auditLogs.username, type: 'string' },
  action: { column: auditLogs.action, type: 'string' },
  target: { column: auditLogs.target, type: 'string' },
  ip: { column: auditLogs.ip, type: 'string' },
  createdAt: { column: auditLogs.createdAt, type: 'date' },
};
const auditSpec: ListSpec = { fields: auditFields, keywordFields: AUDIT_LOG_KEYWORD_FIELDS };

export async function listLoginLog(db: Db, q: ListQuery, scope: SQL | undefined): Promise<ListPage<LoginLogRow>> {
  const where: SQL | undefined = and(listWhere(loginSpec, q.filter), scope);
  // Newest first by time (an index range of the tenant's, or of every tenant's, sign-ins), ties by id.
  const plan = listPlan(
    loginSpec,
    q,
    [],
    [
      { column: loginLogs.createdAt, desc: true },
      { column: loginLogs.id, desc: true },
    ],
  );
  const rows = await db
    .select({ ...getTableColumns(loginLogs), ...plan.keyFields })
    .from(loginLogs)
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return listPage(plan, rows, countRows(db, loginLogs, where), (r) => ({ ...r, ...describeUserAgent(r.userAgent), createdAt: r.createdAt.toISOString() }));
}

/** The permission each call's address needs (a batch call or the force logout of a session needs another call's). */
const PERMISSION_OF = new Map(ALL_CALLS.map((c) => [c.path, permissionOf(c)]));

type ActionMenu = { name: string; locale: string };

/**
 * The menu entries naming each API address: the buttons granting it under the first page that has one
 * (what the administrator pressed), else the first page granting it. Read per list page: the catalogue
 * is a hundred rows or so.
 */
async function actionMenus(db: Db): Promise<Map<string, ActionMenu[]>> {
  const rows = await db
    .select({ name: menus.name, locale: menus.locale, type: menus.type, parentId: menus.parentId, permissions: menus.permissions })
    .from(menus)
    .orderBy(desc(menus.type), asc(menus.id));
  const found = new Map<string, { type: number; parentId: number | null; menus: ActionMenu[] }>();
  for (const m of rows)
    for (const address of m.permissions.split(',')) {
      const key = address.trim();
      if (!key) continue;
      const seen = found.get(key);
      if (!seen) found.set(key, { type: m.type, parentId: m.parentId, menus: [{ name: m.name, locale: m.locale }] });
      else if (seen.type === m.type && seen.parentId === m.parentId) seen.menus.push({ name: m.name, locale: m.locale });
    }
  return new Map([...found].map(([key, v]) => [key, v.menus]));
}

export async function listAuditLog(db: Db, q: ListQuery, scope: SQL | undefined): Promise<ListPage<AuditLogRow>> {
  const where: SQL | undefined = and(listWhere(auditSpec, q.filter), scope);
  const plan = listPlan(
    auditSpec,
    q,
    [],
    [
      { column: auditLogs.createdAt, desc: true },
      { column: auditLogs.id, desc: true },
    ],
  );
  const rows = await db
    .select({ ...getTableColumns(auditLogs), ...plan.keyFields })
    .from(auditLogs)
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  const named = rows.length > 0 ? await actionMenus(db) : new Map<string, ActionMenu[]>();
  return listPage(plan, rows, countRows(db, auditLogs, where), (r) => ({
    ...r,
    actionMenus: named.get(PERMISSION_OF.get(r.action) ?? r.action) ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The login log rows the caller reads (log-scope.ts); computed before the platform enters the cross-tenant scope. */
export const loginLogScope = (db: Db, session: Session): Promise<SQL | undefined> =>
  logScope(db, session, { tenantId: loginLogs.tenantId, userId: loginLogs.userId });

/** The audit log rows the caller reads (log-scope.ts); computed before the platform enters the cross-tenant scope. */
export const auditLogScope = (db: Db, session: Session): Promise<SQL | undefined> =>
  logScope(db, session, { tenantId: auditLogs.tenantId, userId: auditLogs.userId });
