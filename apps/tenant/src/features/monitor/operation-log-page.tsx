import { Card, Flex, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo } from 'react';
import { auditLogListCall, type AuditLogRow } from '@uc/contracts';
import { menuName, useT } from '@uc/client';
import { ExportButton, ListTable, toFilter, useListQuery, type ExportColumn } from '@uc/ui';
import { ScopeNote, useLogTime, useMonitorFilters, useTenantNames } from './monitor-filters';

/** The menu entries naming a call (新增用户 / 编辑用户), in the reader's language when the console has their keys. */
export function useActionName(): (row: AuditLogRow) => string {
  const t = useT();
  return useCallback((row) => row.actionMenus.map((m) => menuName(m, t)).join(' / '), [t]);
}

/** /monitor/operation-log (操作日志): every administrative write: who, which call, on what, which fields, from where, when. */
export function OperationLogPage() {
  const t = useT();
  const time = useLogTime();
  const tenantName = useTenantNames();
  const actionName = useActionName();
  const { filter, controls } = useMonitorFilters('createdAt');
  const query = useListQuery(auditLogListCall, { filter });
  const { setFilter } = query;
  useEffect(() => setFilter(filter), [filter, setFilter]);

  const columns = useMemo<TableColumnsType<AuditLogRow>>(
    () => [
      { key: 'username', dataIndex: 'username', title: t('monitor.operation.user'), sorter: true },
      ...(tenantName ? [{ key: 'tenantId', title: t('monitor.tenant'), render: (_: unknown, r: AuditLogRow) => tenantName(r.tenantId) }] : []),
      {
        key: 'action',
        title: t('monitor.operation.action'),
        sorter: true,
        render: (_, r) => (
          <Space direction="vertical" size={0}>
            {actionName(r) && <span>{actionName(r)}</span>}
            <Typography.Text type="secondary" code>
              {r.action}
            </Typography.Text>
          </Space>
        ),
      },
      { key: 'target', dataIndex: 'target', title: t('monitor.operation.target'), sorter: true },
      {
        key: 'fields',
        title: (
          <Tooltip title={t('monitor.operation.fields.help')}>
            <span>{t('monitor.operation.fields')}</span>
          </Tooltip>
        ),
        render: (_, r) => (
          <Flex gap={4} wrap>
            {r.fields.map((f) => (
              <Tag key={f}>{f}</Tag>
            ))}
          </Flex>
        ),
      },
      { key: 'ip', dataIndex: 'ip', title: t('monitor.ip'), sorter: true },
      { key: 'createdAt', title: t('monitor.operation.createdAt'), sorter: true, defaultSortOrder: 'descend', render: (_, r) => time(r.createdAt) },
    ],
    [t, time, tenantName, actionName],
  );

  const exportColumns = useMemo<ExportColumn<AuditLogRow>[]>(
    () => [
      { title: t('monitor.operation.user'), value: (r) => r.username },
      ...(tenantName ? [{ title: t('monitor.tenant'), value: (r: AuditLogRow) => tenantName(r.tenantId) }] : []),
      { title: t('monitor.operation.action'), value: (r) => actionName(r) },
      { title: 'API', value: (r) => r.action },
      { title: t('monitor.operation.target'), value: (r) => r.target },
      { title: t('monitor.operation.fields'), value: (r) => r.fields.join(', ') },
      { title: t('monitor.ip'), value: (r) => r.ip },
      { title: t('monitor.operation.createdAt'), value: (r) => time(r.createdAt) },
    ],
    [t, time, tenantName, actionName],
  );

  return (
    <Card title={t('monitor.operation.title')} extra={<ScopeNote />}>
      <ListTable
        query={query}
        columns={columns}
        rowKey="id"
        tableKey="monitor.operation"
        searchPlaceholder={t('monitor.operation.search')}
        emptyText={t('monitor.operation.empty')}
        toolbar={
          <ExportButton
            listCall={auditLogListCall}
            filter={toFilter(query.keyword, query.filter)}
            sort={query.sort}
            columns={exportColumns}
            fileName="operation-log"
            sheet={t('monitor.operation.title')}
          />
        }
        above={<Flex>{controls}</Flex>}
      />
    </Card>
  );
}
