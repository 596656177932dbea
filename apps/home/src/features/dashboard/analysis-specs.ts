import type { DashboardAnalysis } from '@uc/contracts';
import { CHART_COLORS, SLICE_COLORS, type ChartSpec } from './chart-spec';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A sign-in method by its name in the account pages' table; a method this console does not know, as it comes. */
const methodName = (t: Translate, known: (key: string) => boolean, method: string) =>
  known(`home.account.login.method.${method}`) ? t(`home.account.login.method.${method}`) : method;

export interface AnalysisSpecs {
  registrations: ChartSpec;
  signIns: ChartSpec;
  methods: ChartSpec;
  /** The platform's only. */
  topTenants: ChartSpec | null;
  balance: ChartSpec;
  points: ChartSpec;
}

/** The analysis answer as the page's charts (and their tables) show it. */
export function analysisSpecs(data: DashboardAnalysis, t: Translate, known: (key: string) => boolean): AnalysisSpecs {
  const days = (rows: { date: string }[]) => rows.map((r) => r.date);
  // In the server's order: every known method, zeros included, then any other the log holds.
  const methods = data.signInMethods;
  return {
    // Stacked as the sign-ins are: who signed themselves up, and everyone else (added by an administrator,
    // imported, made with a tenant, or created before the server recorded how); the table adds the total.
    registrations: {
      kind: 'bar',
      stacked: true,
      labels: days(data.registrations),
      series: [
        {
          key: 'registered',
          label: t('home.dashboard.analysis.registrations.registered'),
          values: data.registrations.map((r) => r.registered),
          color: CHART_COLORS.primary,
        },
        {
          key: 'added',
          label: t('home.dashboard.analysis.registrations.added'),
          values: data.registrations.map((r) => r.count - r.registered),
          color: CHART_COLORS.cyan,
        },
      ],
      tableOnly: [
        { key: 'total', label: t('home.dashboard.analysis.registrations.total'), values: data.registrations.map((r) => r.count), color: CHART_COLORS.geekblue },
      ],
    },
    signIns: {
      kind: 'bar',
      stacked: true,
      labels: days(data.signIns),
      series: [
        { key: 'succeeded', label: t('home.dashboard.analysis.succeeded'), values: data.signIns.map((r) => r.succeeded), color: CHART_COLORS.success },
        { key: 'failed', label: t('home.dashboard.analysis.failed'), values: data.signIns.map((r) => r.failed), color: CHART_COLORS.error },
      ],
    },
    methods: {
      kind: 'doughnut',
      labels: methods.map((m) => methodName(t, known, m.method)),
      series: [
        { key: 'total', label: t('home.dashboard.analysis.methods.total'), values: methods.map((m) => m.succeeded + m.failed), color: CHART_COLORS.primary },
      ],
      tableOnly: [
        { key: 'succeeded', label: t('home.dashboard.analysis.succeeded'), values: methods.map((m) => m.succeeded), color: CHART_COLORS.success },
        { key: 'failed', label: t('home.dashboard.analysis.failed'), values: methods.map((m) => m.failed), color: CHART_COLORS.error },
      ],
    },
    topTenants: data.topTenants && {
      kind: 'bar',
      horizontal: true,
      labels: data.topTenants.map((r) => r.name),
      series: [{ key: 'users', label: t('home.dashboard.analysis.topTenants.users'), values: data.topTenants.map((r) => r.users), color: SLICE_COLORS[0]! }],
    },
    balance: {
      kind: 'bar',
      labels: days(data.ledger),
      series: [
        {
          key: 'added',
          label: t('home.dashboard.analysis.added'),
          values: data.ledger.map((r) => Number(r.balanceAdded)),
          texts: data.ledger.map((r) => r.balanceAdded),
          color: CHART_COLORS.success,
        },
        {
          key: 'deducted',
          label: t('home.dashboard.analysis.deducted'),
          values: data.ledger.map((r) => Number(r.balanceDeducted)),
          texts: data.ledger.map((r) => r.balanceDeducted),
          color: CHART_COLORS.orange,
        },
      ],
      tableOnly: [
        { key: 'changes', label: t('home.dashboard.analysis.ledger.changes'), values: data.ledger.map((r) => r.changes), color: CHART_COLORS.primary },
      ],
    },
    points: {
      kind: 'bar',
      labels: days(data.ledger),
      series: [
        { key: 'added', label: t('home.dashboard.analysis.added'), values: data.ledger.map((r) => r.pointsAdded), color: CHART_COLORS.success },
        { key: 'deducted', label: t('home.dashboard.analysis.deducted'), values: data.ledger.map((r) => r.pointsDeducted), color: CHART_COLORS.orange },
      ],
    },
  };
}
