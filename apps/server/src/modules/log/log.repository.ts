import { and, getTableColumns, type SQL } from 'drizzle-orm';
import {
  AUDIT_LOG_FIELDS,
  AUDIT_LOG_KEYWORD_FIELDS,
  LOGIN_LOG_FIELDS,
  LOGIN_LOG_KEYWORD_FIELDS,
  type AuditLogRow,
  type ListQuery,
  type LoginLogRow,
} from '@uc/contracts';
import type { Db } from '../../db/client';
import { auditLogs, loginLogs } from '../../db/schema';
import { countRows, listPage, listPlan, listWhere, type ListField, type ListPage, type ListSpec } from '../../lib/list-query.sql';

/*
 * Both lists run in the caller's tenant-scoped transaction: row-level security decides which tenants'
 * rows exist (the caller's own; every tenant's once the platform entered the cross-tenant scope), so
 * no tenant filter is written here.
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

export async function listLoginLog(db: Db, q: ListQuery): Promise<ListPage<LoginLogRow>> {
  const where: SQL | undefined = listWhere(loginSpec, q.filter);
  const plan = listPlan(loginSpec, q, [], [{ column: loginLogs.id, desc: true }]);
  const rows = await db
    .select({ ...getTableColumns(loginLogs), ...plan.keyFields })
    .from(loginLogs)
    .where(and(where, plan.after))
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return listPage(plan, rows, countRows(db, loginLogs, where), (r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function listAuditLog(db: Db, q: ListQuery): Promise<ListPage<AuditLogRow>> {
  const where: SQL | undefined = listWhere(auditSpec, q.filter);
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
  return listPage(plan, rows, countRows(db, auditLogs, where), (r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
