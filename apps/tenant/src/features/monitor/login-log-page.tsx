import { Card, Flex, Segmented, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { loginLogListCall, type FilterTriple, type LoginLogRow } from '@uc/contracts';
import { hasMessage, useT } from '@uc/client';
import { ExportButton, ListTable, toFilter, useListQuery, type ExportColumn } from '@uc/ui';
import { ScopeNote, useLogTime, useMonitorFilters, useTenantNames } from './monitor-filters';

type Result = 'all' | 'ok' | 'failed';
const RESULTS: Record<Result, FilterTriple[]> = { all: [], ok: [['result', '=', 1]], failed: [['result', '=', 2]] };

/** A code the server sends (method, reason) in the reader's words; a newer server's code as it comes. */
const named = (t: (key: string) => string, prefix: string, code: string) => (hasMessage(`${prefix}.${code}`) ? t(`${prefix}.${code}`) : code);

/** /monitor/login-log (登录日志): every sign-in attempt of the tenant (every tenant's for the platform). */
export function LoginLogPage() {
  const t = useT();
  const time = useLogTime();
  const tenantName = useTenantNames();
  const { filter: chosen, controls } = useMonitorFilters('createdAt');
  const [result, setResult] = useState<Result>('all');
  const filter = useMemo(() => [...RESULTS[result], ...chosen], [result, chosen]);
  const query = useListQuery(loginLogListCall, { filter });
  const { setFilter } = query;
  // The list follows the filters chosen above it.
  useEffect(() => setFilter(filter), [filter, setFilter]);

  const columns = useMemo<TableColumnsType<LoginLogRow>>(
    () => [
      { key: 'username', dataIndex: 'username', title: t('monitor.username'), sorter: true },
      ...(tenantName ? [{ key: 'tenantId', title: t('monitor.tenant'), render: (_: unknown, r: LoginLogRow) => tenantName(r.tenantId) }] : []),
      {
        key: 'result',
        title: t('monitor.login.result'),
        sorter: true,
        render: (_, r) => (
          <Tag color={r.result === 1 ? 'success' : 'error'}>{r.result === 1 ? t('monitor.login.result.ok') : t('monitor.login.result.failed')}</Tag>
        ),
      },
      { key: 'reason', title: t('monitor.login.reason'), render: (_, r) => named(t, 'monitor.login.reason', r.reason) },
      { key: 'method', title: t('monitor.login.method'), sorter: true, render: (_, r) => named(t, 'monitor.login.method', r.method) },
      { key: 'ip', dataIndex: 'ip', title: t('monitor.ip'), sorter: true },
      {
        key: 'browser',
        title: t('monitor.browser'),
        render: (_, r) => (
          <Tooltip title={r.userAgent}>
            <span>{r.browser || t('monitor.unknown')}</span>
          </Tooltip>
        ),
      },
      { key: 'os', title: t('monitor.os'), render: (_, r) => r.os || t('monitor.unknown') },
      { key: 'createdAt', title: t('monitor.login.createdAt'), sorter: true, defaultSortOrder: 'descend', render: (_, r) => time(r.createdAt) },
    ],
    [t, time, tenantName],
  );

  const exportColumns = useMemo<ExportColumn<LoginLogRow>[]>(
    () => [
      { title: t('monitor.username'), value: (r) => r.username },
      ...(tenantName ? [{ title: t('monitor.tenant'), value: (r: LoginLogRow) => tenantName(r.tenantId) }] : []),
      { title: t('monitor.login.result'), value: (r) => (r.result === 1 ? t('monitor.login.result.ok') : t('monitor.login.result.failed')) },
      { title: t('monitor.login.reason'), value: (r) => named(t, 'monitor.login.reason', r.reason) },
      { title: t('monitor.login.method'), value: (r) => named(t, 'monitor.login.method', r.method) },
      { title: t('monitor.ip'), value: (r) => r.ip },
      { title: t('monitor.browser'), value: (r) => r.browser },
      { title: t('monitor.os'), value: (r) => r.os },
      { title: 'User-Agent', value: (r) => r.userAgent },
      { title: t('monitor.login.createdAt'), value: (r) => time(r.createdAt) },
    ],
    [t, time, tenantName],
  );

  return (
    <Card title={t('monitor.login.title')} extra={<ScopeNote />}>
      <ListTable
        query={query}
        columns={columns}
        rowKey="id"
        tableKey="monitor.login"
        searchPlaceholder={t('monitor.login.search')}
        emptyText={t('monitor.login.empty')}
        toolbar={
          <>
            <Segmented<Result>
              aria-label={t('monitor.login.result')}
              value={result}
              options={[
                { value: 'all', label: t('monitor.login.result.all') },
                { value: 'ok', label: t('monitor.login.result.ok') },
                { value: 'failed', label: t('monitor.login.result.failed') },
              ]}
              onChange={setResult}
            />
            <ExportButton
              listCall={loginLogListCall}
              filter={toFilter(query.keyword, query.filter)}
              sort={query.sort}
              columns={exportColumns}
              fileName="login-log"
              sheet={t('monitor.login.title')}
            />
          </>
        }
        above={<Flex>{controls}</Flex>}
      />
    </Card>
  );
}
