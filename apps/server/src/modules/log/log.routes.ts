import { auditLogListCall, loginLogListCall } from '@uc/contracts';
import { enterCrossTenant } from '../../db/tenant-scope';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { listAuditLog, listLoginLog } from './log.repository';

/** Administrators see their tenant's logs; the platform tenant's administrators see every tenant's. */
export function logCalls(): CallImplementation[] {
  return [
    implement(loginLogListCall, async ({ db, session, query }) => {
      if (session.tenantIsPlatform) await enterCrossTenant(db, session);
      return { ...(await listLoginLog(db, query)), page: query.page, pageSize: query.pageSize };
    }),
    implement(auditLogListCall, async ({ db, session, query }) => {
      if (session.tenantIsPlatform) await enterCrossTenant(db, session);
      return { ...(await listAuditLog(db, query)), page: query.page, pageSize: query.pageSize };
    }),
  ];
}
