import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DeptEditBody, DeptRow, ParsedFilter } from '@uc/contracts';
import type { Db } from '../../db/client';
import { depts, users } from '../../db/schema';
import { listWhere } from '../../lib/list-query.sql';
import { isUniqueViolation } from '../../lib/db-errors';
import { deptListSpec } from './dept.fields';
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

/** A department of the tenant; undefined when there is none. */
export async function findDept(db: Db, tenantId: number, id: number): Promise<DeptRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), eq(depts.id, id)));
  return row ? toRow(row) : undefined;
}

/** Department `parentId` and its ancestors' ids, nearest first; empty when it does not exist. */
export async function ancestryOf(db: Db, tenantId: number, parentId: number): Promise<number[]> {
  const chain = await rowsOf<{ id: number | string }>(
    db,
    sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from depts where tenant_id = ${tenantId} and id = ${parentId}
      union all
      select d.id, d.parent_id, c.depth + 1 from depts d join chain c on d.tenant_id = ${tenantId} and d.id = c.parent_id where c.depth < 1000
    ) select id from chain`,
  );
  return chain.map((r) => Number(r.id));
}

/** Whether another department of the tenant (not `exceptId`) has code `code`. */
export async function codeInUse(db: Db, tenantId: number, code: string, exceptId: number | undefined): Promise<boolean> {
  const [clash] = await db
    .select({ id: depts.id })
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), eq(depts.code, code), exceptId !== undefined ? ne(depts.id, exceptId) : undefined));
  return clash !== undefined;
}

/** Inserts (no id) or updates a department; 'codeTaken' when the unique code index refused the statement. */
export async function writeDept(db: Db, tenantId: number, body: DeptEditBody): Promise<DeptRow | 'codeTaken'> {
  const { id, ...values } = body;
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
    if (isUniqueViolation(err)) return 'codeTaken';
    throw err;
  }
}

/** How many sub-departments, and how many users (the recycle bin's included), department `id` has. */
export async function deptContents(db: Db, tenantId: number, id: number): Promise<{ children: number; members: number }> {
  const [children] = await db
    .select({ n: count() })
    .from(depts)
    .where(and(eq(depts.tenantId, tenantId), eq(depts.parentId, id)));
  const [members] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.deptId, id)));
  return { children: children?.n ?? 0, members: members?.n ?? 0 };
}

export async function removeDept(db: Db, tenantId: number, id: number): Promise<void> {
  await db.delete(depts).where(and(eq(depts.tenantId, tenantId), eq(depts.id, id)));
}

/** Sets a department's status; undefined when there is no such department. */
export async function updateDeptStatus(db: Db, tenantId: number, id: number, status: number): Promise<DeptRow | undefined> {
  const [row] = await db
    .update(depts)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(depts.tenantId, tenantId), eq(depts.id, id)))
    .returning(columns);
  return row ? toRow(row) : undefined;
}
