import { Col, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { dashboardAnalysisCall, hasMessage, tenantOptionCall, useCan, useT } from '@uc/shared';
import { lastDays, useCall, type DayRange } from '@uc/shared/ui';
import { analysisQuery, DEFAULT_RANGE_DAYS } from './analysis-query';
import { analysisSpecs } from './analysis-specs';
import { AnalysisToolbar } from './analysis-toolbar';
import { SpecChartCard } from './chart-card';
import { LoadFailed } from './load-failed';
import { QuotaCard } from './quota-card';
import { UserStats } from './user-stats';

/**
 * /dashboard/analysis: the caller's scope over a range of days (their tenant; for the platform every
 * tenant, or the one picked). Each chart says what it counts and has a table view.
 */
export function AnalysisPage() {
  const t = useT();
  const can = useCan();
  const [range, setRange] = useState<DayRange>(() => lastDays(DEFAULT_RANGE_DAYS));
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
        <Col span={24}>{error ? <LoadFailed title={t('home.dashboard.analysis.failedToLoad')} onRetry={reload} /> : <Skeleton active />}</Col>
      ) : (
        <>
          <Col span={24}>
            <UserStats users={data.users} />
          </Col>
          <Col xs={24} xl={12}>
            <SpecChartCard
              testId="analysis-registrations"
              title={t('home.dashboard.analysis.registrations')}
              description={t('home.dashboard.analysis.registrations.help')}
              spec={specs.registrations}
              categoryTitle={day}
            />
          </Col>
          <Col xs={24} xl={12}>
            <SpecChartCard
              testId="analysis-sign-ins"
              title={t('home.dashboard.analysis.signIns')}
              description={t('home.dashboard.analysis.signIns.help')}
              spec={specs.signIns}
              categoryTitle={day}
            />
          </Col>
          <Col xs={24} xl={12}>
            <SpecChartCard
              testId="analysis-methods"
              title={t('home.dashboard.analysis.methods')}
              description={t('home.dashboard.analysis.methods.help')}
              spec={specs.methods}
              categoryTitle={t('home.dashboard.column.method')}
            />
          </Col>
          {specs.topTenants && (
            <Col xs={24} xl={12}>
              <SpecChartCard
                testId="analysis-top-tenants"
                title={t('home.dashboard.analysis.topTenants')}
                description={t('home.dashboard.analysis.topTenants.help')}
                spec={specs.topTenants}
                categoryTitle={t('home.dashboard.column.tenant')}
              />
            </Col>
          )}
          {data.quota && (
            <Col xs={24} xl={12}>
              <QuotaCard quota={data.quota} />
            </Col>
          )}
          <Col xs={24} xl={12}>
            <SpecChartCard
              testId="analysis-balance"
              title={t('home.dashboard.analysis.balance')}
              description={t('home.dashboard.analysis.balance.help')}
              spec={specs.balance}
              categoryTitle={day}
            />
          </Col>
          <Col xs={24} xl={12}>
            <SpecChartCard
              testId="analysis-points"
              title={t('home.dashboard.analysis.points')}
              description={t('home.dashboard.analysis.points.help')}
              spec={specs.points}
              categoryTitle={day}
            />
          </Col>
        </>
      )}
    </Row>
  );
}
