import { dashboardAnalysisCall, dashboardMonitorCall, dashboardWorkplaceCall } from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { requestLocale } from '../../lib/request-locale';
import { requirePolicyPage } from '../tenant-policy/policy-pages';
import { analysisOf } from './dashboard-analysis.service';
import { monitorOf, type MonitorSources } from './dashboard-monitor.service';
import { workplaceOf } from './dashboard-workplace.repository';

/** The page the workplace call serves: a tenant whose policy does not allow it is refused the call. */
export const WORKPLACE_PAGE = '/dashboard/workplace';
export const WORKPLACE_NOT_IN_POLICY = "Your tenant's policy does not include the workplace: ask the platform administrators to allow it in the policy";

/**
 * The dashboard's three calls, each in its caller's tenant transaction (ctx.db): the workplace for
 * anyone signed in whose tenant's policy allows the page (tenant-policy/policy-pages.ts), the analysis for its grantees (their tenant; every tenant for the platform), the
 * monitor for the platform's (the registrar refuses anyone else: platformOnly).
 */
export function dashboardCalls(sources: MonitorSources): CallImplementation[] {
  return [
    implement(dashboardWorkplaceCall, async ({ db, session, req }) => {
      await requirePolicyPage(db, session, WORKPLACE_PAGE, WORKPLACE_NOT_IN_POLICY);
      return workplaceOf(db, session, { remoteHealth: sources.remoteHealth, locale: requestLocale(req) });
    }),
    implement(dashboardAnalysisCall, async ({ db, session, query }) => analysisOf(db, session, query)),
    implement(dashboardMonitorCall, async ({ db, session }) => monitorOf(db, session, sources)),
  ];
}
