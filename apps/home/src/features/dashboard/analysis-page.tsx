import { Col, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { dashboardAnalysisCall, tenantOptionCall } from '@uc/contracts';
import { hasMessage, useCan, useT } from '@uc/client';
import { LoadFailed, useCall } from '@uc/ui';
import { analysisQuery } from './analysis-query';
import { analysisSpecs } from './analysis-specs';
import { AnalysisToolbar } from './analysis-toolbar';
import { ChartCol } from './chart-col';
import { QuotaCard } from './quota-card';
import { useAnalysisRange } from './use-analysis-range';
import { UserStats } from './user-stats';

/**
 * /dashboard/analysis: the caller's scope over a range of days (their tenant; for the platform every
 * tenant, or the one picked). Each chart says what it counts and has a table view.
 */
export function AnalysisPage() {
  const t = useT();
  const can = useCan();
  // A preset (the default too) moves with the days: a page left open past midnight shows the new today.
  const [range, setRange] = useAnalysisRange();
  const [tenantId, setTenantId] = useState<number | undefined>();
  const { data, error, reload } = useCall(dashboardAnalysisCall, { query: analysisQuery(range, tenantId) });
  // Only the platform's callers get the ranking by tenant: that is also who may pick a tenant.
  const platform = data ? data.topTenants !== null : tenantId !== undefined;
  const specs = data && analysisSpecs(data, t, hasMessage);
  const day = t('home.dashboard.column.date');
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <AnalysisToolbar
          range={range}
          onRange={setRange}
          canPickTenant={platform && can(tenantOptionCall)}
          tenantId={tenantId}
          onTenant={setTenantId}
          scope={data?.scope}
        />
      </Col>
      {!data || !specs ? (
        <Col span={24}>{error ? <LoadFailed title={t('home.dashboard.analysis.failedToLoad')} onRetry={reload} error={error} /> : <Skeleton active />}</Col>
      ) : (
        <>
          <Col span={24}>
            <UserStats users={data.users} />
          </Col>
          <ChartCol chart="analysis.registrations" spec={specs.registrations} categoryTitle={day} />
          <ChartCol chart="analysis.signIns" spec={specs.signIns} categoryTitle={day} />
          <ChartCol chart="analysis.methods" spec={specs.methods} categoryTitle={t('home.dashboard.column.method')} />
          {specs.topTenants && <ChartCol chart="analysis.topTenants" spec={specs.topTenants} categoryTitle={t('home.dashboard.column.tenant')} />}
          {data.quota && (
            <Col xs={24} xl={12}>
              <QuotaCard quota={data.quota} />
            </Col>
          )}
          <ChartCol chart="analysis.balance" spec={specs.balance} categoryTitle={day} />
          <ChartCol chart="analysis.points" spec={specs.points} categoryTitle={day} />
        </>
      )}
    </Row>
  );
}
