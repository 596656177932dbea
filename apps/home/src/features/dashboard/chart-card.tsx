import { Card, Empty, Flex, Segmented, Spin, Table, Typography } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocale, useT } from '@uc/client';
import { nothingToDraw, tableOf, type ChartSpec, type ChartTable } from './chart-spec';

// The chart library is fetched with the first chart drawn, in a chunk of its own: the home remote's
// other pages, other remotes and the login page never load it.
const ChartCanvas = lazy(() => import(/* webpackChunkName: "dashboard-charts" */ './chart-canvas'));

export const CHART_HEIGHT = 280;

export interface ChartCardProps {
  title: string;
  /** One sentence saying what the chart counts. */
  description: string;
  /** The same figures as a table: the other view of the card. */
  table: ChartTable;
  /** The graphical view. */
  children: ReactNode;
  testId?: string;
}

/** A titled chart with the sentence saying what it counts and a toggle to its table view. */
export function ChartCard({ title, description, table, children, testId }: ChartCardProps) {
  const t = useT();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card
      title={title}
      data-testid={testId}
      extra={
        <Segmented
          size="small"
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          aria-label={t('home.dashboard.view.label', { title })}
          options={[
            { value: 'chart', label: t('home.dashboard.view.chart') },
            { value: 'table', label: t('home.dashboard.view.table') },
          ]}
        />
      }
    >
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      {view === 'chart' ? (
        children
      ) : (
        <Table
          size="small"
          pagination={false}
          scroll={{ y: CHART_HEIGHT }}
          columns={table.columns.map((c, i) => ({ key: c.key, dataIndex: c.key, title: c.title, align: i === 0 ? 'start' : 'end' }))}
          dataSource={table.rows}
        />
      )}
    </Card>
  );
}

/** A spec drawn by the chart library (loaded on first use), or a note when there is nothing to draw. */
export function SpecChart({ spec, label }: { spec: ChartSpec; label: string }) {
  const t = useT();
  if (nothingToDraw(spec)) return <Empty style={{ height: CHART_HEIGHT, alignContent: 'center', margin: 0 }} description={t('home.dashboard.chart.empty')} />;
  return (
    <Suspense
      fallback={
        <Flex align="center" justify="center" style={{ height: CHART_HEIGHT }}>
          <Spin />
        </Flex>
      }
    >
      <ChartCanvas spec={spec} label={label} height={CHART_HEIGHT} />
    </Suspense>
  );
}

/** The usual card: a spec as a chart, and as a table with `categoryTitle` over its first column. */
export function SpecChartCard({
  title,
  description,
  spec,
  categoryTitle,
  testId,
}: Omit<ChartCardProps, 'table' | 'children'> & { spec: ChartSpec; categoryTitle: string }) {
  const { locale } = useLocale();
  return (
    <ChartCard title={title} description={description} table={tableOf(spec, categoryTitle, locale)} testId={testId}>
      <SpecChart spec={spec} label={`${title}: ${description}`} />
    </ChartCard>
  );
}
