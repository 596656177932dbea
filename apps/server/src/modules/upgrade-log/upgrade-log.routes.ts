import { upgradeLogDeleteCall, upgradeLogEditCall, upgradeLogListCall, upgradeLogViewCall } from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import type { Db } from '../../db/client';
import { requestLocale } from '../../lib/request-locale';
import type { Session } from '../auth/access';
import { requirePolicyPage } from '../tenant-policy/policy-pages';
import { upgradeLogReach } from './upgrade-log.reach';
import { listUpgradeLogs } from './upgrade-log.repository';
import { deleteUpgradeLog, saveUpgradeLog, viewUpgradeLog } from './upgrade-log.service';

/** The page the reading calls serve: a tenant whose policy does not allow it is refused them. */
export const UPGRADE_LOG_PAGE = '/home/upgrade/logs';
export const UPGRADE_LOG_NOT_IN_POLICY = "Your tenant's policy does not include the upgrade log: ask the platform administrators to allow it in the policy";

/** What the caller may read: nothing when their tenant's policy leaves the page out, else the entries in their reach. */
async function readable(db: Db, session: Session) {
  await requirePolicyPage(db, session, UPGRADE_LOG_PAGE, UPGRADE_LOG_NOT_IN_POLICY);
  return upgradeLogReach(db, session);
}

/**
 * /home/upgrade/logs: every user whose tenant's policy allows the page reads the platform's history in
 * their own tenant transaction (row-level security lets it read the platform rows), a tenant the part
 * about the areas it uses (upgrade-log.reach.ts); writes are the platform administrators'
 * (upgrade-log.service.ts), through the page's buttons.
 */
export function upgradeLogCalls(): CallImplementation[] {
  return [
    implement(upgradeLogListCall, async ({ db, session, query, req }) => listUpgradeLogs(db, query, await readable(db, session), requestLocale(req))),
    implement(upgradeLogViewCall, async ({ db, session, query, req }) => viewUpgradeLog(db, query.id, await readable(db, session), requestLocale(req))),
    implement(upgradeLogEditCall, async ({ db, session, body, auditTarget, req }) => {
      const row = await saveUpgradeLog(db, session, body, requestLocale(req));
      auditTarget(row.id);
      return row;
    }),
    implement(upgradeLogDeleteCall, async ({ db, session, body }) => {
      await deleteUpgradeLog(db, session, body.id);
      return null;
    }),
  ];
}
