import { memberInfoCall, memberListCall } from '@uc/shared/contracts';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant-scope';
import { implement, type CallImplementation } from '../../lib/route-registrar';
import { listMembers } from './member.repository';
import { currentUser } from './member.service';

export function memberCalls(db: Db): CallImplementation[] {
  return [
    implement(memberInfoCall, async ({ session }) => withTenant(db, session.tenantId, (tx) => currentUser(tx, session))),
    implement(memberListCall, async ({ session, query }) => {
      const { list, total } = await withTenant(db, session.tenantId, (tx) => listMembers(tx, session.tenantId, query));
      return { list, page: query.page, pageSize: query.pageSize, total };
    }),
  ];
}
