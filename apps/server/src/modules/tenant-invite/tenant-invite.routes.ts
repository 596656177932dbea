import { tenantInviteDeleteCall, tenantInviteEditCall, tenantInviteListCall, tenantInviteViewCall } from '@uc/contracts';
import type { Db } from '../../db/client';
import { enterCrossTenant } from '../../db/tenant-scope';
import type { Session } from '../auth/access';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { deleteInvite, getInvite, listInvites, saveInvite } from './tenant-invite.repository';

/*
 * Invitations are platform data: their row-level security shows them only to cross-tenant
 * transactions, so every call here enters one (the calls are platformOnly: the registrar already
 * refused callers of other tenants). The policy select's call is the policy module's.
 */
const platform = async (db: Db, session: Session): Promise<Db> => {
  await enterCrossTenant(db, session);
  return db;
};

export function tenantInviteCalls(): CallImplementation[] {
  return [
    implement(tenantInviteListCall, async ({ db, session, query }) => listInvites(await platform(db, session), query)),
    implement(tenantInviteViewCall, async ({ db, session, query }) => getInvite(await platform(db, session), query.id)),
    implement(tenantInviteEditCall, async ({ db, session, body }) => saveInvite(await platform(db, session), session, body)),
    implement(tenantInviteDeleteCall, async ({ db, session, body }) => {
      await deleteInvite(await platform(db, session), body.id);
      return null;
    }),
  ];
}
