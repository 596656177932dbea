import { useEffect, useRef } from 'react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartData,
  type ChartType,
  type TooltipItem,
} from 'chart.js';
import { useLocale } from '@uc/client';
import { formatValue, SLICE_COLORS, type ChartSpec } from './chart-spec';

// Only what the dashboard draws: chart.js is tree-shaken to these (bench/chart-bundle-size.mjs).
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** Translucent fill under a line, from its colour. */
const fill = (color: string) => `${color}33`;

function dataOf(spec: ChartSpec): ChartData {
  if (spec.kind === 'doughnut') {
    const [first] = spec.series;
    return {
      labels: spec.labels,
      datasets: [{ label: first?.label ?? '', data: first?.values ?? [], backgroundColor: spec.labels.map((_, i) => SLICE_COLORS[i % SLICE_COLORS.length]!) }],
    };
  }
  return {
    labels: spec.labels,
    datasets: spec.series.map((s) => ({
      label: s.label,
      data: s.values,
      borderColor: s.color,
      backgroundColor: spec.kind === 'line' ? fill(s.color) : s.color,
      ...(spec.kind === 'line' ? { tension: 0.3, pointRadius: 2, borderWidth: 2 } : { maxBarThickness: 32 }),
      ...(spec.stacked ? { stack: 'all' } : {}),
    })),
  };
}

function configOf(spec: ChartSpec, locale: string, rtl: boolean): ChartConfiguration {
  const value = (v: unknown) => formatValue(typeof v === 'number' ? v : null, locale, spec.unit);
  const valueAxis = { beginAtZero: true, stacked: spec.stacked ?? false, ticks: { precision: 0, callback: (v: number | string) => value(Number(v)) } };
  const categoryAxis = { stacked: spec.stacked ?? false, reverse: rtl && !spec.horizontal, ticks: { autoSkip: true, maxRotation: 0 } };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    locale,
    animation: false,
    plugins: {
      legend: { position: 'bottom', rtl, display: spec.kind === 'doughnut' || spec.series.length > 1 },
      tooltip: {
        rtl,
        callbacks: {
          label: (item: TooltipItem<ChartType>) => {
            // A slice's value is a number; a bar's or a point's is {x, y}, the value on the value axis.
            const parsed = item.parsed as number | { x: number; y: number };
            const raw = typeof parsed === 'number' ? parsed : spec.horizontal ? parsed.x : parsed.y;
            return `${spec.kind === 'doughnut' ? item.label : item.dataset.label}: ${value(raw)}`;
          },
        },
      },
    },
    ...(spec.kind === 'doughnut'
      ? {}
      : {
          indexAxis: spec.horizontal ? 'y' : 'x',
          interaction: { mode: 'index', intersect: false },
          scales: spec.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
        }),
  };
  // chart.js types each option by chart type; one spec serves three types, so the union is asserted once.
  return { type: spec.kind, data: dataOf(spec), options } as unknown as ChartConfiguration;
}

/**
 * Draws a spec with chart.js on a canvas (its tooltips name each value). Loaded only by the dashboard
 * pages (React.lazy in chart-card.tsx): the library is in its own chunk, never on another page.
 * A new spec of the same shape updates the drawing in place (the monitor refreshes every few seconds).
 */
export default function ChartCanvas({ spec, label, height = 280 }: { spec: ChartSpec; label: string; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  const { locale, direction } = useLocale();
  const shape = `${spec.kind}|${spec.stacked ?? false}|${spec.horizontal ?? false}|${spec.unit ?? ''}|${locale}|${direction}`;
  const latest = useRef(spec);
  latest.current = spec;

  useEffect(() => {
    if (!canvas.current) return;
    const drawn = new Chart(canvas.current, configOf(latest.current, locale, direction === 'rtl'));
    chart.current = drawn;
    return () => {
      drawn.destroy();
      chart.current = null;
    };
    // Drawn again only when its shape changes; new figures go through the update below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape]);

  useEffect(() => {
    const drawn = chart.current;
    if (!drawn) return;
    drawn.data = dataOf(spec);
    drawn.update('none');
  }, [spec]);

  return (
    <div style={{ position: 'relative', height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
