import { dashboardAnalysisCall, dashboardMonitorCall, dashboardWorkplaceCall } from '@uc/contracts';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { requestLocale } from '../../lib/request-locale';
import { analysisOf } from './dashboard-analysis.service';
import { monitorOf, type MonitorSources } from './dashboard-monitor.service';
import { workplaceOf } from './dashboard-workplace.repository';

/**
 * The dashboard's three calls, each in its caller's tenant transaction (ctx.db): the workplace for
 * anyone signed in, the analysis for its grantees (their tenant; every tenant for the platform), the
 * monitor for the platform's (the registrar refuses anyone else: platformOnly).
 */
export function dashboardCalls(sources: MonitorSources): CallImplementation[] {
  return [
    implement(dashboardWorkplaceCall, async ({ db, session, req }) =>
      workplaceOf(db, session, { remoteHealth: sources.remoteHealth, locale: requestLocale(req) }),
    ),
    implement(dashboardAnalysisCall, async ({ db, session, query }) => analysisOf(db, session, query)),
    implement(dashboardMonitorCall, async ({ db, session }) => monitorOf(db, session, sources)),
  ];
}
