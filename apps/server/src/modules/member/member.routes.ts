import { memberInfoCall, memberListCall } from '@uc/shared/contracts';
import { implement, type CallImplementation } from '../../lib/route-registrar';
import { users } from '../../db/schema';
import { dataScopeCondition } from '../scope/data-scope';
import { listMembers } from './member.repository';
import { currentUser } from './member.service';

export function memberCalls(): CallImplementation[] {
  return [
    implement(memberInfoCall, async ({ db, session }) => currentUser(db, session)),
    implement(memberListCall, async ({ db, session, query }) => {
      const scope = await dataScopeCondition(db, session, { dept: users.deptId, owner: users.id });
      const { list, total } = await listMembers(db, session.tenantId, query, scope);
      return { list, page: query.page, pageSize: query.pageSize, total };
    }),
  ];
}
