import { Card, Col, Descriptions, Row, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { SLOW_STATEMENT_CHARS, type DashboardMonitor } from '@uc/contracts';
import { formatDateTime, useLocale, useT } from '@uc/client';
import { formatValue } from './chart-spec';
import { formatBytes, formatDuration } from './monitor-format';

type SlowCall = DashboardMonitor['database']['slowestCalls'][number];
type SlowStatement = DashboardMonitor['database']['slowestStatements'][number];
type Timing = Pick<SlowCall, 'calls' | 'meanMs' | 'p99Ms' | 'maxMs'>;

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

/** The figures every slowest-something table shares: calls, mean, p99 and max, in milliseconds. */
function timingColumns<T extends Timing>(t: (key: string) => string, locale: string, width?: { calls: number; ms: number }): TableColumnsType<T> {
  return [
    { key: 'calls', title: t('home.dashboard.monitor.slow.calls'), dataIndex: 'calls', align: 'end', width: width?.calls },
    { key: 'mean', title: t('home.dashboard.monitor.slow.mean'), dataIndex: 'meanMs', align: 'end', width: width?.ms, render: (v: number) => ms(v, locale) },
    { key: 'p99', title: t('home.dashboard.monitor.slow.p99'), dataIndex: 'p99Ms', align: 'end', width: width?.ms, render: (v: number) => ms(v, locale) },
    { key: 'max', title: t('home.dashboard.monitor.slow.max'), dataIndex: 'maxMs', align: 'end', width: width?.ms, render: (v: number) => ms(v, locale) },
  ];
}

/** The slowest API calls this process measured, by p99. */
function SlowCallsTable({ calls }: { calls: SlowCall[] }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <Table<SlowCall>
      size="small"
      pagination={false}
      // Addresses and figures read on one line; a narrow screen scrolls the table instead.
      style={{ whiteSpace: 'nowrap' }}
      scroll={{ x: 'max-content' }}
      rowKey={(r) => `${r.method} ${r.path}`}
      dataSource={calls}
      locale={{ emptyText: t('home.dashboard.monitor.slow.none') }}
      columns={[
        {
          key: 'call',
          title: t('home.dashboard.monitor.slow.call'),
          render: (_: unknown, r) => <Typography.Text code>{`${r.method} ${r.path}`}</Typography.Text>,
        },
        ...timingColumns<SlowCall>(t, locale),
      ]}
    />
  );
}

/** Widths of the statements' table's figures ("1,234.5 ms" on one line); the statement takes the rest. */
const STATEMENT_FIGURES = { calls: 80, ms: 104 };
/** Below this width the statements' table scrolls sideways rather than squeezing the statement. */
const STATEMENTS_MIN_WIDTH = 640;
const MONOSPACE = "SFMono-Regular, Consolas, 'Liberation Mono', Menlo, Courier, monospace";

/**
 * The slowest SQL statements this process sent, by p99. A statement can be long (up to
 * SLOW_STATEMENT_CHARS): its cell shows the first line's worth, and a row opens on the whole text.
 */
function SlowStatementsTable({ statements }: { statements: SlowStatement[] }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <Table<SlowStatement>
      size="small"
      pagination={false}
      // The figures keep their widths; the statement takes what is left, cut with an ellipsis.
      tableLayout="fixed"
      scroll={{ x: STATEMENTS_MIN_WIDTH }}
      // Two statements may read the same once cut: the position keeps rows apart.
      rowKey={(r) => `${statements.indexOf(r)}:${r.sql}`}
      dataSource={statements}
      locale={{ emptyText: t('home.dashboard.monitor.statements.none') }}
      expandable={{
        expandRowByClick: true,
        expandedRowRender: (r) => (
          <>
            <Typography.Paragraph copyable={{ text: r.sql }} style={{ fontFamily: MONOSPACE, whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
              {r.sql}
            </Typography.Paragraph>
            {r.sql.length >= SLOW_STATEMENT_CHARS && (
              <Typography.Text type="secondary">{t('home.dashboard.monitor.statements.cut', { chars: SLOW_STATEMENT_CHARS })}</Typography.Text>
            )}
          </>
        ),
      }}
      columns={[
        {
          key: 'sql',
          title: t('home.dashboard.monitor.statements.sql'),
          dataIndex: 'sql',
          ellipsis: true,
          render: (v: string) => (
            <span style={{ fontFamily: MONOSPACE }} title={v}>
              {v.replace(/\s+/g, ' ')}
            </span>
          ),
        },
        ...timingColumns<SlowStatement>(t, locale, STATEMENT_FIGURES),
      ]}
    />
  );
}

/** The database: its kind and size, connections on PostgreSQL, and the API calls this process measured slowest. */
export function DatabaseCard({ database: db }: { database: DashboardMonitor['database'] }) {
  const t = useT();
  const { locale } = useLocale();
  const c = db.connections;
  return (
    <Card title={t('home.dashboard.monitor.database')} data-testid="monitor-database">
      <Typography.Paragraph type="secondary">{t('home.dashboard.monitor.database.help')}</Typography.Paragraph>
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('home.dashboard.monitor.database.kind')}>{t(`home.dashboard.monitor.database.kind.${db.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('home.dashboard.monitor.database.size')}>{formatBytes(db.sizeBytes, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('home.dashboard.monitor.database.connections')}>
          {c
            ? t('home.dashboard.monitor.database.connections.value', { ...c, pool: c.pool ? t('home.dashboard.monitor.database.pool', c.pool) : '' })
            : t('home.dashboard.monitor.database.embedded')}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('home.dashboard.monitor.slow')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.dashboard.monitor.slow.help')}</Typography.Paragraph>
      <div data-testid="monitor-slow-calls">
        <SlowCallsTable calls={db.slowestCalls} />
      </div>
    </Card>
  );
}

/** The slowest SQL statements: a card of the page's full width, so a statement's text has room. */
export function SlowStatementsCard({ statements }: { statements: DashboardMonitor['database']['slowestStatements'] }) {
  const t = useT();
  return (
    <Card title={t('home.dashboard.monitor.statements')} data-testid="monitor-slow-statements">
      <Typography.Paragraph type="secondary">{t('home.dashboard.monitor.statements.help')}</Typography.Paragraph>
      <SlowStatementsTable statements={statements} />
    </Card>
  );
}
