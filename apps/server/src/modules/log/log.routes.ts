import { auditLogListCall, loginLogListCall } from '@uc/contracts';
import { auditLogs, loginLogs } from '../../db/schema';
import { enterCrossTenant } from '../../db/tenant-scope';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { logScope } from './log-scope';
import { listAuditLog, listLoginLog } from './log.repository';

/**
 * Administrators see their tenant's logs, narrowed to the users their data scope reaches (log-scope.ts);
 * the platform tenant's administrators see every tenant's.
 */
export function logCalls(): CallImplementation[] {
  return [
    implement(loginLogListCall, async ({ db, session, query }) => {
      const scope = await logScope(db, session, { tenantId: loginLogs.tenantId, userId: loginLogs.userId });
      if (session.tenantIsPlatform) await enterCrossTenant(db, session);
      return listLoginLog(db, query, scope);
    }),
    implement(auditLogListCall, async ({ db, session, query }) => {
      const scope = await logScope(db, session, { tenantId: auditLogs.tenantId, userId: auditLogs.userId });
      if (session.tenantIsPlatform) await enterCrossTenant(db, session);
      return listAuditLog(db, query, scope);
    }),
  ];
}
