import {
  tenantPolicyDeleteCall,
  tenantPolicyEditCall,
  tenantPolicyListCall,
  tenantPolicyOptionCall,
  tenantPolicyStatusCall,
  tenantPolicyViewCall,
} from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { listPolicies, policyOptions } from './tenant-policy.repository';
import { deletePolicy, savePolicy, setPolicyStatus, viewPolicy } from './tenant-policy.service';

/*
 * Policies are platform data and an edit reaches into every tenant on the policy (their roles), so
 * every call here runs cross-tenant: the calls are platformOnly, so the pipeline has refused callers
 * of other tenants and entered the cross-tenant scope (http/pipeline/tenant-scope.ts), which refuses
 * them again.
 */

export function tenantPolicyCalls(): CallImplementation[] {
  return [
    implement(tenantPolicyListCall, async ({ db, query }) => listPolicies(db, query)),
    implement(tenantPolicyViewCall, async ({ db, query }) => viewPolicy(db, query.id)),
    implement(tenantPolicyEditCall, async ({ db, session, body }) => savePolicy(db, session, body)),
    implement(tenantPolicyStatusCall, async ({ db, body }) => setPolicyStatus(db, body.id, body.status)),
    implement(tenantPolicyDeleteCall, async ({ db, body }) => {
      await deletePolicy(db, body.id);
      return null;
    }),
    implement(tenantPolicyOptionCall, async ({ db }) => ({ list: await policyOptions(db) })),
  ];
}
