import type { DeptEditBody, DeptRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { assertQuota } from '../quota/quota';
import { ancestryOf, codeInUse, deptContents, findDept, removeDept, updateDeptStatus, writeDept } from './dept.repository';

// The same answer for a missing id and another tenant's: the message never echoes the id.
const notFoundDept = () => notFound('The department does not exist: it may have been deleted; reload the list');

export async function getDept(db: Db, tenantId: number, id: number): Promise<DeptRow> {
  const row = await findDept(db, tenantId, id);
  if (!row) throw notFoundDept();
  return row;
}

/** Refuses a parent that does not exist, or that is the department itself or one of its descendants. */
async function checkParent(db: Db, tenantId: number, id: number | undefined, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  if (id !== undefined && parentId === id) throw badRequest('parentId: a department cannot be its own parent');
  const chain = await ancestryOf(db, tenantId, parentId);
  if (chain.length === 0) throw badRequest('parentId: department {id} does not exist', { id: parentId });
  if (id !== undefined && chain.includes(id)) {
    throw badRequest("parentId: the parent cannot be one of the department's own sub-departments (that would make a cycle)");
  }
}

export async function saveDept(db: Db, tenantId: number, body: DeptEditBody): Promise<DeptRow> {
  const { id } = body;
  if (id !== undefined) await getDept(db, tenantId, id);
  else await assertQuota(db, tenantId, 'depts');
  await checkParent(db, tenantId, id, body.parentId);
  const taken = () => conflict('code: the department code "{code}" is already used by another department: choose another', { code: body.code });
  if (await codeInUse(db, tenantId, body.code, id)) throw taken();
  // Two saves of one code at once both pass the check above; the unique index refuses the second.
  const row = await writeDept(db, tenantId, body);
  if (row === 'codeTaken') throw taken();
  return row;
}

export async function deleteDept(db: Db, tenantId: number, id: number): Promise<void> {
  const dept = await getDept(db, tenantId, id);
  // Users in the recycle bin count too: they come back to their department when restored.
  const { children, members } = await deptContents(db, tenantId, id);
  if (children > 0) throw conflict('Department "{name}" has {count} sub-department(s): delete or move them first', { name: dept.name, count: children });
  if (members > 0)
    throw conflict('Department "{name}" has {count} member(s) (the recycle bin included): move them to another department first', {
      name: dept.name,
      count: members,
    });
  await removeDept(db, tenantId, id);
}

export async function setDeptStatus(db: Db, tenantId: number, id: number, status: number): Promise<DeptRow> {
  const row = await updateDeptStatus(db, tenantId, id, status);
  if (!row) throw notFoundDept();
  return row;
}
