import { Card, Flex, Select, Typography } from 'antd';
import { DASHBOARD_MAX_DAYS, tenantOptionCall, type DashboardAnalysis } from '@uc/contracts';
import { useT } from '@uc/client';
import { DateRangeField, useCall, type DayRange } from '@uc/ui';
import { RANGE_PRESETS } from './analysis-query';

export interface AnalysisToolbarProps {
  range: DayRange;
  onRange: (range: DayRange) => void;
  /** Whether to offer the tenant picker (the platform's callers granted the tenant list). */
  canPickTenant: boolean;
  tenantId: number | undefined;
  onTenant: (tenantId: number | undefined) => void;
  scope: DashboardAnalysis['scope'] | undefined;
}

/** Whose figures and which days: the platform's tenant picker and the range with its presets. */
export function AnalysisToolbar({ range, onRange, canPickTenant, tenantId, onTenant, scope }: AnalysisToolbarProps) {
  const t = useT();
  const tenants = useCall(tenantOptionCall, canPickTenant ? {} : null);
  return (
    <Card>
      <Flex gap={16} align="center" wrap justify="space-between">
        <Typography.Text data-testid="analysis-scope">
          {scope ? t('home.dashboard.analysis.scope', { name: scope.tenantName ?? t('home.dashboard.analysis.scope.all') }) : ' '}
        </Typography.Text>
        <Flex gap={12} align="center" wrap>
          {canPickTenant && (
            <Select
              aria-label={t('home.dashboard.analysis.tenant')}
              style={{ minWidth: 200 }}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('home.dashboard.analysis.scope.all')}
              loading={tenants.loading}
              value={tenantId}
              onChange={(v: number | undefined) => onTenant(v ?? undefined)}
              options={(tenants.data?.list ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
          )}
          <DateRangeField
            aria-label={t('home.dashboard.analysis.range')}
            value={range}
            onChange={onRange}
            maxDays={DASHBOARD_MAX_DAYS}
            presets={RANGE_PRESETS.map((days) => ({ days, label: t('home.dashboard.analysis.preset', { days }) }))}
          />
        </Flex>
      </Flex>
    </Card>
  );
}
