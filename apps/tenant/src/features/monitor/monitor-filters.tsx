import { DatePicker, Flex, Typography, type GetProps } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { tenantOptionCall, type FilterTriple } from '@uc/contracts';
import { useCan, useLocale, useT } from '@uc/client';
import { useCall } from '@uc/ui';
import { TenantSelect } from '../../lib/tenant-select';

type RangeValue = GetProps<typeof DatePicker.RangePicker>['value'];

/*
 * What the three monitor pages share: the platform's tenant filter and tenant names (the 选择租户
 * buttons grant tenantOptionCall, which only the platform may call), a time range on the rows' time
 * column, and the time as the log shows it (to the second).
 */

/** Whether the reader is the platform's (holds the tenant picker): they see every tenant's rows. */
export const useEveryTenant = (): boolean => useCan()(tenantOptionCall);

/** The name of each tenant for the platform's tenant column; undefined for a tenant's reader. */
export function useTenantNames(): ((tenantId: number | null) => string) | undefined {
  const t = useT();
  const every = useEveryTenant();
  const list = useCall(tenantOptionCall, every ? {} : null).data?.list;
  return useMemo(() => {
    if (!every) return undefined;
    const names = new Map((list ?? []).map((o) => [o.id, o.name]));
    return (id) => (id === null ? t('monitor.unknown') : (names.get(id) ?? `#${id}`));
  }, [every, list, t]);
}

/** The time of a log row, to the second, in the reader's locale. */
export function useLogTime(): (iso: string) => string {
  const { locale } = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    return (iso) => format.format(new Date(iso));
  }, [locale]);
}

/** The filters above a monitor list: tenant (platform) and time range, as filter triples on `timeField`. */
export function useMonitorFilters(timeField: string): { filter: FilterTriple[]; controls: ReactNode } {
  const t = useT();
  const every = useEveryTenant();
  const [tenantId, setTenantId] = useState<number>();
  const [range, setRange] = useState<RangeValue>(null);
  const filter = useMemo<FilterTriple[]>(() => {
    const out: FilterTriple[] = [];
    if (every && tenantId !== undefined) out.push(['tenantId', '=', tenantId]);
    const [from, to] = range ?? [];
    if (from && to) out.push([timeField, 'between', [from.startOf('day').toISOString(), to.endOf('day').toISOString()]]);
    return out;
  }, [every, tenantId, range, timeField]);
  const controls = (
    <Flex gap={8} wrap>
      {every && <TenantSelect value={tenantId} onChange={setTenantId} />}
      <DatePicker.RangePicker aria-label={t('monitor.time')} value={range} onChange={(value) => setRange(value)} />
    </Flex>
  );
  return { filter, controls };
}

/** Under the title: whose records these are. */
export function ScopeNote() {
  const t = useT();
  const every = useEveryTenant();
  return <Typography.Text type="secondary">{every ? t('monitor.scope.platform') : t('monitor.scope.note')}</Typography.Text>;
}
