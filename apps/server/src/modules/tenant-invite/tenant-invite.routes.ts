import { tenantInviteDeleteCall, tenantInviteEditCall, tenantInviteListCall, tenantInviteViewCall, tenantPolicyOptionCall } from '@uc/shared/contracts';
import { implement, type CallImplementation } from '../../lib/route-registrar';
import { deleteInvite, getInvite, listInvites, policyOptions, saveInvite } from './tenant-invite.repository';

export function tenantInviteCalls(): CallImplementation[] {
  return [
    implement(tenantInviteListCall, async ({ db, query }) => ({ ...(await listInvites(db, query)), page: query.page, pageSize: query.pageSize })),
    implement(tenantInviteViewCall, async ({ db, query }) => getInvite(db, query.id)),
    implement(tenantInviteEditCall, async ({ db, session, body }) => saveInvite(db, session, body)),
    implement(tenantInviteDeleteCall, async ({ db, body }) => {
      await deleteInvite(db, body.id);
      return null;
    }),
    implement(tenantPolicyOptionCall, async ({ db }) => ({ list: await policyOptions(db) })),
  ];
}
