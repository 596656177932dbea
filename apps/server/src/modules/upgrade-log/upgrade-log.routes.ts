import { upgradeLogDeleteCall, upgradeLogEditCall, upgradeLogListCall, upgradeLogViewCall } from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { getUpgradeLog, listUpgradeLogs } from './upgrade-log.repository';
import { deleteUpgradeLog, saveUpgradeLog } from './upgrade-log.service';

/**
 * /home/upgrade/logs: every signed-in user reads the platform's history in their own tenant transaction
 * (row-level security lets it read the platform rows); writes are the platform administrators'
 * (upgrade-log.service.ts), through the page's buttons.
 */
export function upgradeLogCalls(): CallImplementation[] {
  return [
    implement(upgradeLogListCall, async ({ db, query }) => ({ ...(await listUpgradeLogs(db, query)), page: query.page, pageSize: query.pageSize })),
    implement(upgradeLogViewCall, async ({ db, query }) => getUpgradeLog(db, query.id)),
    implement(upgradeLogEditCall, async ({ db, session, body, auditTarget }) => {
      const row = await saveUpgradeLog(db, session, body);
      auditTarget(row.id);
      return row;
    }),
    implement(upgradeLogDeleteCall, async ({ db, session, body }) => {
      await deleteUpgradeLog(db, session, body.id);
      return null;
    }),
  ];
}
