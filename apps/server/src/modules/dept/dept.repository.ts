import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DeptEditBody, DeptRow, ParsedFilter } from '@uc/contracts';
import type { Db } from '../../db/client';
import { depts, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { listWhere } from '../../lib/list-query.sql';
import { isUniqueViolation } from '../../lib/db-errors';
import { deptListSpec } from './dept.fields';
import { assertQuota } from '../quota/quota';
import { rowsOf } from '../../db/typed';

const columns = {
  id: depts.id,
  parentId: depts.parentId,
  name: depts.name,
  code: depts.code,
  leader: depts.leader,
  phone: depts.phone,
  email: depts.email,
  sort: depts.sort,
  status: depts.status,
  remark: depts.remark,
  createdAt: depts.createdAt,
  updatedAt: depts.updatedAt,
};
type Raw = Omit<DeptRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const toRow = (r: Raw): DeptRow => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

// The same answer for a missing id and another tenant's: the message never echoes the id.
const notFoundDept = (_id: number) => notFound('The department does not exist: it may have been deleted; reload the list');

/** The tenant's departments in sort order; with a filter, the matching ones and their ancestors. */
export async function listDepts(db: Db, tenantId: number, filter?: readonly ParsedFilter[]): Promise<DeptRow[]> {
  const rows = (await db.select(columns).from(depts).where(eq(depts.tenantId, tenantId)).orderBy(asc(depts.sort), asc(depts.id))).map(toRow);
  if (!filter || filter.length === 0) return rows;
  const matched = await db
    .select({ id: depts.id })
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), listWhere(deptListSpec, filter)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const { id } of matched) {
    for (let cur = byId.get(id); cur && !keep.has(cur.id); cur = cur.parentId === null ? undefined : byId.get(cur.parentId)) keep.add(cur.id);
  }
  return rows.filter((r) => keep.has(r.id));
}

export async function getDept(db: Db, tenantId: number, id: number): Promise<DeptRow> {
  const [row] = await db
    .select(columns)
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), eq(depts.id, id)));
  if (!row) throw notFoundDept(id);
  return toRow(row);
}

/** Refuses a parent that does not exist, or that is the department itself or one of its descendants. */
async function checkParent(db: Db, tenantId: number, id: number | undefined, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  if (id !== undefined && parentId === id) throw badRequest('parentId: a department cannot be its own parent');
  const chain = await rowsOf<{ id: number | string }>(
    db,
    sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from depts where tenant_id = ${tenantId} and id = ${parentId}
      union all
      select d.id, d.parent_id, c.depth + 1 from depts d join chain c on d.tenant_id = ${tenantId} and d.id = c.parent_id where c.depth < 1000
    ) select id from chain`,
  );
  if (chain.length === 0) throw badRequest('parentId: department {id} does not exist', { id: parentId });
  if (id !== undefined && chain.some((r) => Number(r.id) === id)) {
    throw badRequest("parentId: the parent cannot be one of the department's own sub-departments (that would make a cycle)");
  }
}

export async function saveDept(db: Db, tenantId: number, body: DeptEditBody): Promise<DeptRow> {
  const { id, ...values } = body;
  if (id !== undefined) await getDept(db, tenantId, id);
  else await assertQuota(db, tenantId, 'depts');
  await checkParent(db, tenantId, id, values.parentId);
  const [clash] = await db
    .select({ id: depts.id })
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), eq(depts.code, values.code), id !== undefined ? ne(depts.id, id) : undefined));
  const taken = () => conflict('code: the department code "{code}" is already used by another department: choose another', { code: values.code });
  if (clash) throw taken();
  try {
    const [row] =
      id === undefined
        ? await db
            .insert(depts)
            .values({ ...values, tenantId })
            .returning(columns)
        : await db
            .update(depts)
            .set({ ...values, updatedAt: sql`now()` })
            .where(and(eq(depts.tenantId, tenantId), eq(depts.id, id)))
            .returning(columns);
    return toRow(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

export async function deleteDept(db: Db, tenantId: number, id: number): Promise<void> {
  const dept = await getDept(db, tenantId, id);
  const [children] = await db
    .select({ n: count() })
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), eq(depts.parentId, id)));
  // Users in the recycle bin count too: they come back to their department when restored.
  const [members] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.deptId, id)));
  if ((children?.n ?? 0) > 0)
    throw conflict('Department "{name}" has {count} sub-department(s): delete or move them first', { name: dept.name, count: children!.n });
  if ((members?.n ?? 0) > 0)
    throw conflict('Department "{name}" has {count} member(s) (the recycle bin included): move them to another department first', {
      name: dept.name,
      count: members!.n,
    });
  await db.delete(depts).where(and(eq(depts.tenantId, tenantId), eq(depts.id, id)));
}

export async function setDeptStatus(db: Db, tenantId: number, id: number, status: number): Promise<DeptRow> {
  const [row] = await db
    .update(depts)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(depts.tenantId, tenantId), eq(depts.id, id)))
    .returning(columns);
  if (!row) throw notFoundDept(id);
  return toRow(row);
}
