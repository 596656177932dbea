import {
  tenantPolicyDeleteCall,
  tenantPolicyEditCall,
  tenantPolicyListCall,
  tenantPolicyOptionCall,
  tenantPolicyStatusCall,
  tenantPolicyViewCall,
} from '@uc/contracts';
import type { Db } from '../../db/client';
import { enterCrossTenant } from '../../db/tenant-scope';
import { implement, type CallImplementation } from '../../http/route-registrar';
import type { Session } from '../auth/access';
import { listPolicies, policyOptions } from './tenant-policy.repository';
import { deletePolicy, savePolicy, setPolicyStatus, viewPolicy } from './tenant-policy.service';

/*
 * Policies are platform data and an edit reaches into every tenant on the policy (their roles), so
 * every call here runs cross-tenant: the calls are platformOnly, the registrar has already refused
 * callers of other tenants, and enterCrossTenant refuses them again.
 */
const platform = async (db: Db, session: Session): Promise<Db> => {
  await enterCrossTenant(db, session);
  return db;
};

export function tenantPolicyCalls(): CallImplementation[] {
  return [
    implement(tenantPolicyListCall, async ({ db, session, query }) => listPolicies(await platform(db, session), query)),
    implement(tenantPolicyViewCall, async ({ db, session, query }) => viewPolicy(await platform(db, session), query.id)),
    implement(tenantPolicyEditCall, async ({ db, session, body }) => savePolicy(await platform(db, session), session, body)),
    implement(tenantPolicyStatusCall, async ({ db, session, body }) => setPolicyStatus(await platform(db, session), body.id, body.status)),
    implement(tenantPolicyDeleteCall, async ({ db, session, body }) => {
      await deletePolicy(await platform(db, session), body.id);
      return null;
    }),
    implement(tenantPolicyOptionCall, async ({ db, session }) => ({ list: await policyOptions(await platform(db, session)) })),
  ];
}
