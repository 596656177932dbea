import type { DashboardMonitor } from '@uc/contracts';
import { CHART_COLORS, type ChartSpec } from './chart-spec';
import { minuteLabel } from './monitor-format';

type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface MonitorSpecs {
  requests: ChartSpec;
  errorRate: ChartSpec;
  latency: ChartSpec;
}

/** Errors as a percentage of the minute's requests; null for a minute without any. */
const rate = (errors: number, requests: number) => (requests > 0 ? Math.round((errors / requests) * 1000) / 10 : null);

/** The per-minute series of the last hour as the monitor's charts (and their tables) show them. */
export function monitorSpecs(requests: DashboardMonitor['requests'], t: Translate, locale: string): MonitorSpecs {
  const minutes = requests.minutes;
  const labels = minutes.map((m) => minuteLabel(m.at, locale));
  return {
    requests: {
      kind: 'bar',
      stacked: true,
      labels,
      series: [
        {
          key: 'ok',
          label: t('home.dashboard.monitor.requests.ok'),
          values: minutes.map((m) => m.requests - m.clientErrors - m.serverErrors),
          color: CHART_COLORS.primary,
        },
        { key: 'client', label: t('home.dashboard.monitor.requests.client'), values: minutes.map((m) => m.clientErrors), color: CHART_COLORS.warning },
        { key: 'server', label: t('home.dashboard.monitor.requests.server'), values: minutes.map((m) => m.serverErrors), color: CHART_COLORS.error },
      ],
    },
    errorRate: {
      kind: 'line',
      unit: '%',
      zeroIsFigure: true,
      labels,
      series: [
        {
          key: 'client',
          label: t('home.dashboard.monitor.requests.client'),
          values: minutes.map((m) => rate(m.clientErrors, m.requests)),
          color: CHART_COLORS.warning,
        },
        {
          key: 'server',
          label: t('home.dashboard.monitor.requests.server'),
          values: minutes.map((m) => rate(m.serverErrors, m.requests)),
          color: CHART_COLORS.error,
        },
      ],
    },
    latency: {
      kind: 'line',
      unit: 'ms',
      labels,
      series: [
        { key: 'p50', label: t('home.dashboard.monitor.hour.p50'), values: minutes.map((m) => m.p50), color: CHART_COLORS.primary },
        { key: 'p99', label: t('home.dashboard.monitor.hour.p99'), values: minutes.map((m) => m.p99), color: CHART_COLORS.purple },
      ],
    },
  };
}
