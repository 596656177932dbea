import {
  deptDeleteBatchCall,
  deptDeleteCall,
  deptEditCall,
  deptListCall,
  deptOptionCall,
  deptStatusCall,
  deptViewCall,
  type DeptRow,
  Status,
} from '@uc/contracts';
import { deptsInScope } from '../scope/data-scope';
import { implement, implementBatch, type CallImplementation } from '../../http/route-registrar';
import { toTree } from '../../lib/tree';
import { listDepts } from './dept.repository';
import { deleteDept, getDept, saveDept, setDeptStatus } from './dept.service';

// Quotas of the tenant policy (maximum departments) are not enforced yet: the policy tables come with
// the tenant-policy work; the check belongs at the top of the create branch of saveDept.
interface DeptTreeNode extends DeptRow {
  children?: DeptTreeNode[];
}
interface OptionNode {
  id: number;
  name: string;
  disabled: boolean;
  inScope: boolean;
  children?: OptionNode[];
}

/** A leaf carries no `children` key, so antd's tree table and tree select show no expander on it. */
function leavesWithoutChildren<N extends { children?: N[] }>(nodes: N[]): N[] {
  for (const node of nodes) {
    if (node.children?.length) leavesWithoutChildren(node.children);
    else delete node.children;
  }
  return nodes;
}

export function deptCalls(): CallImplementation[] {
  return [
    implement(deptListCall, async ({ db, session, query }) => ({
      list: leavesWithoutChildren(toTree(await listDepts(db, session.tenantId, query.filter), (row): DeptTreeNode => ({ ...row, children: [] }))),
    })),
    implement(deptViewCall, async ({ db, session, query }) => getDept(db, session.tenantId, query.id)),
    implement(deptOptionCall, async ({ db, session }) => {
      const rows = await listDepts(db, session.tenantId);
      const reach = await deptsInScope(db, session);
      return {
        list: leavesWithoutChildren(
          toTree(rows, (d): OptionNode => ({
            id: d.id,
            name: d.name,
            disabled: d.status !== Status.enabled,
            inScope: reach === 'all' || reach.has(d.id),
            children: [],
          })),
        ),
      };
    }),
    implement(deptEditCall, async ({ db, session, body }) => saveDept(db, session.tenantId, body)),
    implement(deptDeleteCall, async ({ db, session, body }) => {
      await deleteDept(db, session.tenantId, body.id);
      return null;
    }),
    implementBatch(deptDeleteBatchCall, ({ db, session, body }) => deleteDept(db, session.tenantId, body.id)),
    implement(deptStatusCall, async ({ db, session, body }) => setDeptStatus(db, session.tenantId, body.id, body.status)),
  ];
}
