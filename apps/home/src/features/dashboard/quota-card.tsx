import { Flex, Progress, Typography } from 'antd';
import { type DashboardAnalysis } from '@uc/contracts';
import { useLocale, useT } from '@uc/client';
import { ChartCard } from './chart-card';
import { formatValue, type ChartTable } from './chart-spec';

type Quota = NonNullable<DashboardAnalysis['quota']>;

/** Percent of a maximum used; null for no maximum (0 = unlimited). */
const usedPercent = (q: Quota[number]) => (q.max > 0 ? Math.round((q.used / q.max) * 1000) / 10 : null);

/** The tenant's quotas: what is used of each maximum its policy sets. */
export function QuotaCard({ quota }: { quota: Quota }) {
  const t = useT();
  const { locale } = useLocale();
  const max = (q: Quota[number]) => (q.max > 0 ? formatValue(q.max, locale) : t('home.dashboard.analysis.quota.unlimited'));
  const table: ChartTable = {
    columns: [
      { key: 'label', title: t('home.dashboard.analysis.quota.kind') },
      { key: 'used', title: t('home.dashboard.analysis.quota.used') },
      { key: 'max', title: t('home.dashboard.analysis.quota.max') },
      { key: 'percent', title: t('home.dashboard.analysis.quota.percent') },
    ],
    rows: quota.map((q) => {
      const percent = usedPercent(q);
      return {
        key: q.kind,
        label: t(`home.dashboard.quota.${q.kind}`),
        used: formatValue(q.used, locale),
        max: max(q),
        percent: percent === null ? '–' : formatValue(percent, locale, '%'),
      };
    }),
  };
  return (
    <ChartCard title={t('home.dashboard.analysis.quota')} description={t('home.dashboard.analysis.quota.help')} table={table} testId="analysis-quota">
      <Flex vertical gap={8}>
        {quota.map((q) => {
          const percent = usedPercent(q);
          return (
            <Flex key={q.kind} gap={12} align="center">
              <Typography.Text style={{ width: 96, flex: 'none' }}>{t(`home.dashboard.quota.${q.kind}`)}</Typography.Text>
              <Progress
                style={{ flex: 1, margin: 0 }}
                percent={percent ?? 0}
                status={percent !== null && percent >= 100 ? 'exception' : 'normal'}
                showInfo={false}
                aria-label={t(`home.dashboard.quota.${q.kind}`)}
              />
              <Typography.Text type="secondary" style={{ width: 120, flex: 'none', textAlign: 'end' }}>
                {`${formatValue(q.used, locale)} / ${max(q)}`}
              </Typography.Text>
            </Flex>
          );
        })}
      </Flex>
    </ChartCard>
  );
}
