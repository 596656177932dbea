import { tenantInviteDeleteCall, tenantInviteEditCall, tenantInviteListCall, tenantInviteViewCall } from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { listInvites } from './tenant-invite.repository';
import { deleteInvite, getInvite, saveInvite } from './tenant-invite.service';

/*
 * Invitations are platform data: their row-level security shows them only to cross-tenant
 * transactions, which every call here runs in (the calls are platformOnly: the pipeline refused
 * callers of other tenants and entered the scope, http/pipeline/tenant-scope.ts). The policy select's
 * call is the policy module's.
 */

export function tenantInviteCalls(): CallImplementation[] {
  return [
    implement(tenantInviteListCall, async ({ db, query }) => listInvites(db, query)),
    implement(tenantInviteViewCall, async ({ db, query }) => getInvite(db, query.id)),
    implement(tenantInviteEditCall, async ({ db, session, body }) => saveInvite(db, session, body)),
    implement(tenantInviteDeleteCall, async ({ db, body }) => {
      await deleteInvite(db, body.id);
      return null;
    }),
  ];
}
