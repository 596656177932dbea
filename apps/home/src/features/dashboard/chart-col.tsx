import { Col } from 'antd';
import { useT } from '@uc/client';
import type { ChartSpec } from './chart-spec';
import { SpecChartCard } from './chart-card';

export interface ChartColProps {
  /**
   * The chart's text key below `home.dashboard`, e.g. `analysis.signIns`: its title is that message, the
   * sentence saying what it counts is `….help`, and its test id is `analysis-sign-ins`.
   */
  chart: `${'analysis' | 'monitor'}.${string}`;
  spec: ChartSpec;
  /** The title of the table view's first column (day, minute, method, tenant). */
  categoryTitle: string;
  /** Columns out of 24 from the xl breakpoint up; narrower screens show one chart per row. */
  xl?: number;
}

/** One chart card of a dashboard page's grid. */
export function ChartCol({ chart, spec, categoryTitle, xl = 12 }: ChartColProps) {
  const t = useT();
  const key = `home.dashboard.${chart}`;
  return (
    <Col xs={24} xl={xl}>
      <SpecChartCard
        testId={chart.replace('.', '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}
        title={t(key)}
        description={t(`${key}.help`)}
        spec={spec}
        categoryTitle={categoryTitle}
      />
    </Col>
  );
}
