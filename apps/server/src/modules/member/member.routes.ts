import { memberInfoCall, memberListCall } from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { listMembers } from './member.repository';
import { currentUser } from './member.service';

export function memberCalls(): CallImplementation[] {
  return [
    // Profile, roles and permissions: all covered by auth_epochs, so kept until one of them changes.
    implement(memberInfoCall, async ({ db, session }) => currentUser(db, session), { perCaller: true }),
    implement(memberListCall, async ({ db, session, query }) => {
      return listMembers(db, session, query);
    }),
  ];
}
