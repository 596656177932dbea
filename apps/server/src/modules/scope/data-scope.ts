import { ENABLED } from '../../db/status-sql';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { perCallerRead, type Session } from '../auth/access';
import { rowsOf } from '../../db/typed';
import { depts } from '../../db/schema';
import { forbidden } from '../../lib/errors';

/*
 * The one data-scope helper (DESIGN.md section 5): which records of the tenant a caller may list,
 * view, edit or delete, from the data scopes of their enabled roles:
 *   1 all, 2 own department, 3 own department and the ones below it, 4 the role's custom
 *   departments (role_depts), 5 only their own records.
 * A caller with several roles gets the UNION of their scopes: a record is in scope when any one role
 * lets them see it (so adding a role never hides anything). Any role with scope 1, or being the
 * platform super admin, means no restriction. A caller with no enabled role sees only themself.
 * Roles are read per request, so a change of roles or scopes applies on the caller's next request.
 */

export const DATA_SCOPE = { all: 1, ownDept: 2, deptAndBelow: 3, customDepts: 4, self: 5 } as const;

export interface ScopeColumns {
  /** The record's department column. */
  dept: AnyPgColumn;
  /** The record's owning user column (the user id itself for users); none for departments themselves. */
  owner?: AnyPgColumn;
}

/** A WHERE condition limiting `columns`' table to the caller's data scope; undefined means everything. */
export async function dataScopeCondition(db: Db, session: Session, columns: ScopeColumns): Promise<SQL | undefined> {
  // The platform acting in a tenant reaches all of it, as the tenant's administrator does.
  if (session.isSuperAdmin || session.operator) return undefined;
  // The scopes of the caller's enabled roles: user_roles and roles bump the auth epochs, so they are
  // kept between calls as the caller's permissions are.
  const scopes = new Set(
    await perCallerRead(db, session, 'data-scopes', async () => {
      const rows = await rowsOf<{ scope: number }>(
        db,
        sql`
        select distinct r.data_scope as scope from user_roles ur
        join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.status = ${ENABLED}
        where ur.tenant_id = ${session.tenantId} and ur.user_id = ${session.userId}`,
      );
      return rows.map((r) => Number(r.scope));
    }),
  );
  if (scopes.has(DATA_SCOPE.all)) return undefined;
  const ownDept = sql`(select dept_id from users where tenant_id = ${session.tenantId} and id = ${session.userId})`;
  const parts: SQL[] = columns.owner ? [sql`${columns.owner} = ${session.userId}`] : [];
  if (scopes.has(DATA_SCOPE.ownDept)) parts.push(sql`${columns.dept} = ${ownDept}`);
  if (scopes.has(DATA_SCOPE.deptAndBelow)) {
    parts.push(sql`${columns.dept} in (
      with recursive below(id) as (
        select id from depts where tenant_id = ${session.tenantId} and id = ${ownDept}
        union select d.id from depts d join below on d.parent_id = below.id where d.tenant_id = ${session.tenantId}
      ) select id from below)`);
  }
  if (scopes.has(DATA_SCOPE.customDepts)) {
    parts.push(sql`${columns.dept} in (
      select rd.dept_id from role_depts rd
      join roles r on r.tenant_id = rd.tenant_id and r.id = rd.role_id and r.status = ${ENABLED} and r.data_scope = ${DATA_SCOPE.customDepts}
      join user_roles ur on ur.tenant_id = r.tenant_id and ur.role_id = r.id
      where ur.tenant_id = ${session.tenantId} and ur.user_id = ${session.userId})`);
  }
  return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

export const OUTSIDE_SCOPE_DEPT = 'deptId: that department is outside your data scope: choose one of the departments you manage';
export const NO_DEPT_OUTSIDE_SCOPE = 'deptId: choose a department: a user without one is outside your data scope';

/** The departments of the tenant the caller's data scope reaches (the department options flag them). */
export async function deptsInScope(db: Db, session: Session): Promise<Set<number> | 'all'> {
  const scope = await dataScopeCondition(db, session, { dept: depts.id });
  if (!scope) return 'all';
  const rows = await rowsOf<{ id: number | string }>(db, sql`select id from depts where tenant_id = ${session.tenantId} and ${scope}`);
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Refuses placing a user in a department outside the caller's data scope (nor in none, unless the
 * caller sees the whole tenant): a scoped administrator must not move anyone, himself included, to
 * where he reaches more (or where they disappear from his view, with the rights they hold).
 */
export async function requireDeptInScope(db: Db, session: Session, deptId: number | null): Promise<void> {
  const reach = await deptsInScope(db, session);
  if (reach === 'all') return;
  if (deptId === null) throw forbidden(NO_DEPT_OUTSIDE_SCOPE);
  if (!reach.has(deptId)) throw forbidden(OUTSIDE_SCOPE_DEPT);
}
