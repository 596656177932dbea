import { Card, Col, Descriptions, Row, Statistic, Table, Typography } from 'antd';
import { formatDateTime, useLocale, useT, type DashboardMonitor } from '@uc/shared';
import { formatValue } from './chart-spec';
import { formatBytes, formatDuration } from './monitor-format';

type Slow = DashboardMonitor['database']['slowestCalls'][number];

/** A number of milliseconds, or a dash when nothing was measured. */
const ms = (value: number | null, locale: string) => formatValue(value, locale, 'ms');

/** The figures to glance at: uptime, CPU, memory, event loop delay, sessions online. */
export function MonitorSummary({ data }: { data: DashboardMonitor }) {
  const t = useT();
  const { locale } = useLocale();
  const { process: p, sessions } = data;
  const figures = [
    { key: 'uptime', value: formatDuration(p.uptimeSeconds, t) },
    { key: 'cpu', value: formatValue(p.cpuPercent, locale, '%') },
    { key: 'rss', value: formatBytes(p.memory.rss, locale) },
    { key: 'loop', value: ms(p.eventLoopDelay.p99, locale) },
    { key: 'sessions', value: formatValue(sessions.recent, locale) },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map((f) => (
        <Col key={f.key} flex="1 1 180px">
          <Card data-testid={`monitor-${f.key}`}>
            <Statistic title={t(`home.dashboard.monitor.summary.${f.key}`)} value={f.value} />
            <Typography.Text type="secondary">{t(`home.dashboard.monitor.summary.${f.key}.help`, { active: sessions.active, cores: p.cores })}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** This server process: what it runs, since when, what it holds. */
export function ProcessCard({ process: p }: { process: DashboardMonitor['process'] }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <Card title={t('home.dashboard.monitor.process')}>
      <Typography.Paragraph type="secondary">{t('home.dashboard.monitor.process.help')}</Typography.Paragraph>
      {/* One column from xl up, where the card takes a third of the row. */}
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 1 }}>
        <Descriptions.Item label="PID">{p.pid}</Descriptions.Item>
        <Descriptions.Item label="Node.js">{p.nodeVersion}</Descriptions.Item>
        <Descriptions.Item label={t('home.dashboard.monitor.process.started')}>{formatDateTime(p.startedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('home.dashboard.monitor.process.cores')}>{p.cores}</Descriptions.Item>
        <Descriptions.Item label={t('home.dashboard.monitor.process.heap')}>
          {`${formatBytes(p.memory.heapUsed, locale)} / ${formatBytes(p.memory.heapTotal, locale)}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('home.dashboard.monitor.process.external')}>{formatBytes(p.memory.external, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('home.dashboard.monitor.process.loop')}>
          {t('home.dashboard.monitor.process.loop.value', {
            p50: ms(p.eventLoopDelay.p50, locale),
            p99: ms(p.eventLoopDelay.p99, locale),
            max: ms(p.eventLoopDelay.max, locale),
          })}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** The database: its kind and size, connections on PostgreSQL, and the slowest calls this process measured. */
export function DatabaseCard({ database: db }: { database: DashboardMonitor['database'] }) {
  const t = useT();
  const { locale } = useLocale();
  const c = db.connections;
  return (
    <Card title={t('home.dashboard.monitor.database')} data-testid="monitor-database">
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('home.dashboard.monitor.database.kind')}>{t(`home.dashboard.monitor.database.kind.${db.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('home.dashboard.monitor.database.size')}>{formatBytes(db.sizeBytes, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('home.dashboard.monitor.database.connections')}>
          {c
            ? t('home.dashboard.monitor.database.connections.value', { ...c, pool: c.pool ? t('home.dashboard.monitor.database.pool', c.pool) : '' })
            : t('home.dashboard.monitor.database.embedded')}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('home.dashboard.monitor.slow')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.dashboard.monitor.slow.help')}</Typography.Paragraph>
      <Table<Slow>
        size="small"
        pagination={false}
        // Addresses and figures read on one line; a narrow screen scrolls the table instead.
        style={{ whiteSpace: 'nowrap' }}
        scroll={{ x: 'max-content' }}
        rowKey={(r) => `${r.method} ${r.path}`}
        dataSource={db.slowestCalls}
        locale={{ emptyText: t('home.dashboard.monitor.slow.none') }}
        columns={[
          {
            key: 'call',
            title: t('home.dashboard.monitor.slow.call'),
            render: (_: unknown, r) => <Typography.Text code>{`${r.method} ${r.path}`}</Typography.Text>,
          },
          { key: 'calls', title: t('home.dashboard.monitor.slow.calls'), dataIndex: 'calls', align: 'end' },
          { key: 'mean', title: t('home.dashboard.monitor.slow.mean'), dataIndex: 'meanMs', align: 'end', render: (v: number) => ms(v, locale) },
          { key: 'p99', title: 'p99', dataIndex: 'p99Ms', align: 'end', render: (v: number) => ms(v, locale) },
          { key: 'max', title: t('home.dashboard.monitor.slow.max'), dataIndex: 'maxMs', align: 'end', render: (v: number) => ms(v, locale) },
        ]}
      />
    </Card>
  );
}
