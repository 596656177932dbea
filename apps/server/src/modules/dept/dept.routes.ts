import { deptDeleteCall, deptEditCall, deptListCall, deptOptionCall, deptStatusCall, deptViewCall, type DeptNode, type DeptOption } from '@uc/shared/contracts';
import { implement, type CallImplementation } from '../../lib/route-registrar';
import { buildTree } from '../../lib/tree';
import { deleteDept, getDept, listDepts, saveDept, setDeptStatus } from './dept.repository';

// Quotas of the tenant policy (maximum departments) are not enforced yet: the policy tables come with
// the tenant-policy work; the check belongs at the top of the create branch of saveDept.
export function deptCalls(): CallImplementation[] {
  return [
    implement(deptListCall, async ({ db, session, query }) => ({ list: buildTree(await listDepts(db, session.tenantId, query.filter)) as DeptNode[] })),
    implement(deptViewCall, async ({ db, session, query }) => getDept(db, session.tenantId, query.id)),
    implement(deptOptionCall, async ({ db, session }) => {
      const rows = (await listDepts(db, session.tenantId)).map((d) => ({ id: d.id, parentId: d.parentId, name: d.name, disabled: d.status !== 1 }));
      const strip = (nodes: ReturnType<typeof buildTree<(typeof rows)[number]>>): DeptOption[] =>
        nodes.map(({ id, name, disabled, children }) => ({ id, name, disabled, ...(children ? { children: strip(children as never) } : {}) }));
      return { list: strip(buildTree(rows)) };
    }),
    implement(deptEditCall, async ({ db, session, body }) => saveDept(db, session.tenantId, body)),
    implement(deptDeleteCall, async ({ db, session, body }) => {
      await deleteDept(db, session.tenantId, body.id);
      return null;
    }),
    implement(deptStatusCall, async ({ db, session, body }) => setDeptStatus(db, session.tenantId, body.id, body.status)),
  ];
}
