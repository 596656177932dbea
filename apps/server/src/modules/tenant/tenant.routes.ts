import {
  tenantDeleteCall,
  tenantEditCall,
  tenantListCall,
  tenantOptionCall,
  tenantStatusCall,
  tenantUserListCall,
  tenantUserRecycleCall,
  tenantViewCall,
} from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { listTenants, listTenantUsers, tenantOptions } from './tenant.repository';
import { createTenant, deleteTenant, setTenantStatus, updateTenant, viewTenant } from './tenant.service';

/*
 * The platform's administration of tenants. Tenants are platform data: every call here is
 * platformOnly, so the pipeline refused everyone else and runs it cross-tenant (http/pipeline/
 * tenant-scope.ts), and the repository names the tenants it reads or writes itself.
 */

export function tenantCalls(): CallImplementation[] {
  return [
    implement(tenantOptionCall, async ({ db }) => {
      const list = await tenantOptions(db);
      return { list };
    }),
    implement(tenantListCall, async ({ db, query }) => listTenants(db, query)),
    implement(tenantViewCall, async ({ db, query }) => viewTenant(db, query.id)),
    implement(tenantEditCall, async ({ db, body, auditTarget }) => {
      if (body.id !== undefined) return updateTenant(db, body.id, body);
      const made = await createTenant(db, body);
      auditTarget(made.tenant.id);
      return made;
    }),
    implement(tenantStatusCall, async ({ db, body }) => {
      await setTenantStatus(db, body.id, body.status);
      return null;
    }),
    implement(tenantDeleteCall, async ({ db, body }) => {
      await deleteTenant(db, body.id);
      return null;
    }),
    implement(tenantUserListCall, async ({ db, query }) => listTenantUsers(db, query, false)),
    implement(tenantUserRecycleCall, async ({ db, query }) => listTenantUsers(db, query, true)),
  ];
}
