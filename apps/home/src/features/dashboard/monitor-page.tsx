import { Alert, Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { useRef } from 'react';
import { dashboardMonitorCall } from '@uc/contracts';
import { useLocale, useT } from '@uc/client';
import { LoadFailed, useCall } from '@uc/ui';
import { ChartCol } from './chart-col';
import { formatValue } from './chart-spec';
import { DatabaseCard, MonitorSummary, ProcessCard, SlowStatementsCard } from './monitor-cards';
import { clockTime } from './monitor-format';
import { monitorSpecs } from './monitor-specs';
import { RemotesTable } from './remotes-table';
import { usePolling } from './use-polling';

/** How often the monitor asks again while it is in view. */
export const MONITOR_REFRESH_MS = 5_000;

/**
 * /dashboard/monitor (the platform's administrators): this server process, the database, the API's
 * requests, errors and latency per minute over the last hour, sessions online and every remote, asked
 * again every few seconds while the page is in view.
 */
export function MonitorPage() {
  const t = useT();
  const { locale } = useLocale();
  // After the first answer a failed refresh says so on the page instead of a toast every few seconds.
  const answered = useRef(false);
  const { data, error, loading, reload } = useCall(dashboardMonitorCall, { skipErrorHandler: answered.current });
  if (data) answered.current = true;
  const { visible } = usePolling(reload, loading, MONITOR_REFRESH_MS);
  if (!data) return error ? <LoadFailed title={t('home.dashboard.monitor.failedToLoad')} onRetry={reload} error={error} /> : <Skeleton active />;
  const specs = monitorSpecs(data.requests, t, locale);
  const hour = data.requests.hour;
  const errors = hour.clientErrors + hour.serverErrors;
  const minute = t('home.dashboard.column.minute');
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Flex gap={12} align="center" wrap justify="space-between">
          <Typography.Text type="secondary" data-testid="monitor-refreshed">
            {t(visible ? 'home.dashboard.monitor.live' : 'home.dashboard.monitor.paused', {
              seconds: MONITOR_REFRESH_MS / 1000,
              at: clockTime(data.serverTime, locale),
            })}
          </Typography.Text>
          {error ? <Alert type="warning" showIcon title={t('home.dashboard.monitor.stale')} /> : null}
        </Flex>
      </Col>
      <Col span={24}>
        <MonitorSummary data={data} />
      </Col>
      <Col span={24}>
        <Card title={t('home.dashboard.monitor.hour')} data-testid="monitor-hour">
          <Typography.Paragraph type="secondary">{t('home.dashboard.monitor.hour.help')}</Typography.Paragraph>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title={t('home.dashboard.monitor.hour.requests')} value={formatValue(hour.requests, locale)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic
                title={t('home.dashboard.monitor.hour.errors')}
                value={hour.requests > 0 ? formatValue(Math.round((errors / hour.requests) * 1000) / 10, locale, '%') : '–'}
              />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('home.dashboard.monitor.hour.p50')} value={formatValue(hour.p50, locale, 'ms')} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('home.dashboard.monitor.hour.p99')} value={formatValue(hour.p99, locale, 'ms')} />
            </Col>
          </Row>
        </Card>
      </Col>
      <ChartCol chart="monitor.requests" spec={specs.requests} categoryTitle={minute} xl={8} />
      <ChartCol chart="monitor.errorRate" spec={specs.errorRate} categoryTitle={minute} xl={8} />
      <ChartCol chart="monitor.latency" spec={specs.latency} categoryTitle={minute} xl={8} />
      <Col span={24}>
        <RemotesTable remotes={data.remotes} />
      </Col>
      {/* The database card holds the slowest calls' table: the wider share, so its figures need no scrolling. */}
      <Col xs={24} xl={8}>
        <ProcessCard process={data.process} />
      </Col>
      <Col xs={24} xl={16}>
        <DatabaseCard database={data.database} />
      </Col>
      <Col span={24}>
        <SlowStatementsCard statements={data.database.slowestStatements} />
      </Col>
    </Row>
  );
}
