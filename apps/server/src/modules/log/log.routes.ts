import { auditLogListCall, loginLogListCall } from '@uc/contracts';
import { enterCrossTenant } from '../../db/tenant-scope';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { auditLogScope, listAuditLog, listLoginLog, loginLogScope } from './log.repository';

/**
 * Administrators see their tenant's logs, narrowed to the users their data scope reaches (log-scope.ts);
 * the platform tenant's administrators see every tenant's.
 */
export function logCalls(): CallImplementation[] {
  return [
    implement(loginLogListCall, async ({ db, session, query }) => {
      const scope = await loginLogScope(db, session);
      if (session.tenantIsPlatform) await enterCrossTenant(db, session);
      return listLoginLog(db, query, scope);
    }),
    implement(auditLogListCall, async ({ db, session, query }) => {
      const scope = await auditLogScope(db, session);
      if (session.tenantIsPlatform) await enterCrossTenant(db, session);
      return listAuditLog(db, query, scope);
    }),
  ];
}
