/*
 * What a dashboard chart shows, independent of the library that draws it: the same spec gives the
 * chart (chart-canvas.tsx, loaded on demand) and its table view (every chart has one: for reading
 * exact figures, for screen readers, and for tests).
 */

export type ChartKind = 'line' | 'bar' | 'doughnut';

export interface ChartSeries {
  key: string;
  label: string;
  /** One value per label; null: nothing was measured (a gap in a line, an empty cell). */
  values: (number | null)[];
  color: string;
  /** The exact text of each value for the table (money as the API's decimal strings), else formatted. */
  texts?: string[];
}

export interface ChartSpec {
  kind: ChartKind;
  /** The categories: days, minutes, sign-in methods, tenants. */
  labels: string[];
  /** What the chart draws (a doughnut draws its first series). */
  series: ChartSeries[];
  /** Columns only the table shows (a doughnut's parts of each slice). */
  tableOnly?: ChartSeries[];
  stacked?: boolean;
  /** Bars along the vertical axis (rankings with long names). */
  horizontal?: boolean;
  /** The unit after each value in tooltips and the table ('ms', '%'); plain counts have none. */
  unit?: string;
  /** A zero is a finding (an error rate of 0 %), not an absence: all zeros still draw. */
  zeroIsFigure?: boolean;
}

/** Whether a spec has nothing to draw: no value measured, or (counts) nothing counted. */
export function nothingToDraw(spec: ChartSpec): boolean {
  const absent = (v: number | null) => v === null || (v === 0 && (!spec.zeroIsFigure || spec.kind === 'doughnut'));
  return spec.labels.length === 0 || spec.series.every((s) => s.values.every(absent));
}

/** antd's palette, primary first: success green and error red are asked for by name. */
export const CHART_COLORS = {
  primary: '#1890ff',
  success: '#52c41a',
  error: '#ff4d4f',
  warning: '#faad14',
  cyan: '#13c2c2',
  purple: '#722ed1',
  magenta: '#eb2f96',
  orange: '#fa8c16',
  geekblue: '#2f54eb',
  lime: '#a0d911',
} as const;

/** Colours for slices and ranked bars, in order. */
export const SLICE_COLORS: readonly string[] = Object.values(CHART_COLORS);

/** A value as the chart and table read it, in the reader's locale, with the spec's unit. */
export function formatValue(value: number | null, locale: string, unit = ''): string {
  if (value === null) return '–';
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  // A percent sign follows the figure directly; a unit of measure after a space.
  return unit === '%' ? `${text}%` : unit ? `${text} ${unit}` : text;
}

export interface ChartTable {
  columns: { key: string; title: string }[];
  rows: ({ key: string } & Record<string, string>)[];
}

/** The table view of a spec: one row per label, one column per series (drawn, then table-only). */
export function tableOf(spec: ChartSpec, categoryTitle: string, locale: string): ChartTable {
  const series = [...spec.series, ...(spec.tableOnly ?? [])];
  return {
    columns: [{ key: 'label', title: categoryTitle }, ...series.map((s) => ({ key: s.key, title: s.label }))],
    rows: spec.labels.map((label, i) => ({
      key: `${i}:${label}`,
      label,
      ...Object.fromEntries(series.map((s) => [s.key, s.texts?.[i] ?? formatValue(s.values[i] ?? null, locale, spec.unit)])),
    })),
  };
}
