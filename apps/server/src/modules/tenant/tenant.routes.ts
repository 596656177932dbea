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
import type { Db } from '../../db/client';
import { enterCrossTenant } from '../../db/tenant-scope';
import { implement, type CallImplementation } from '../../http/route-registrar';
import type { Session } from '../auth/access';
import { listTenants, listTenantUsers, tenantOptions } from './tenant.repository';
import { createTenant, deleteTenant, setTenantStatus, updateTenant, viewTenant } from './tenant.service';

/*
 * The platform's administration of tenants. Tenants are platform data: every call here is
 * platformOnly (the registrar refused everyone else) and enters the cross-tenant scope, and the
 * repository names the tenants it reads or writes itself.
 */
const platform = async (db: Db, session: Session): Promise<Db> => {
  await enterCrossTenant(db, session);
  return db;
};

export function tenantCalls(): CallImplementation[] {
  return [
    implement(tenantOptionCall, async ({ db, session }) => {
      const list = await tenantOptions(await platform(db, session));
      return { list };
    }),
    implement(tenantListCall, async ({ db, session, query }) => listTenants(await platform(db, session), query)),
    implement(tenantViewCall, async ({ db, session, query }) => viewTenant(await platform(db, session), query.id)),
    implement(tenantEditCall, async ({ db, session, body, auditTarget }) => {
      const tx = await platform(db, session);
      if (body.id !== undefined) return updateTenant(tx, body.id, body);
      const made = await createTenant(tx, body);
      auditTarget(made.tenant.id);
      return made;
    }),
    implement(tenantStatusCall, async ({ db, session, body }) => {
      await setTenantStatus(await platform(db, session), body.id, body.status);
      return null;
    }),
    implement(tenantDeleteCall, async ({ db, session, body }) => {
      await deleteTenant(await platform(db, session), body.id);
      return null;
    }),
    implement(tenantUserListCall, async ({ db, session, query }) => listTenantUsers(await platform(db, session), query, false)),
    implement(tenantUserRecycleCall, async ({ db, session, query }) => listTenantUsers(await platform(db, session), query, true)),
  ];
}
