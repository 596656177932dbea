import { App, Button, Card, Flex, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo } from 'react';
import { onlineForceLogoutCall, onlineListCall, type OnlineRow } from '@uc/contracts';
import { call, hasMessage, useCan, useT } from '@uc/client';
import { ExportButton, ListTable, toFilter, useListQuery, type ExportColumn } from '@uc/ui';
import { ScopeNote, useEveryTenant, useLogTime, useMonitorFilters, useTenantNames } from './monitor-filters';

/** /monitor/online (在线用户): the live sessions of the tenant's users (every tenant's for the platform), and their force logout. */
export function OnlinePage() {
  const t = useT();
  const { message } = App.useApp();
  const time = useLogTime();
  const can = useCan();
  const every = useEveryTenant();
  const tenantName = useTenantNames();
  const { filter, controls } = useMonitorFilters('createdAt');
  const query = useListQuery(onlineListCall, { filter });
  const { setFilter, reload } = query;
  useEffect(() => setFilter(filter), [filter, setFilter]);
  const canLogout = can(onlineForceLogoutCall);

  const columns = useMemo<TableColumnsType<OnlineRow>>(() => {
    const device = (r: OnlineRow) => (r.device && hasMessage(`monitor.online.device.${r.device}`) ? t(`monitor.online.device.${r.device}`) : r.device);
    // The platform ends another tenant's session acting in that tenant (X-UC-Tenant).
    const forceLogout = (r: OnlineRow) =>
      void call(onlineForceLogoutCall, { body: { id: r.userId, sessionId: r.id }, ...(every ? { tenant: r.tenantId } : {}) })
        .then(() => {
          void message.success(t('monitor.online.forceLogout.done'));
          reload();
        })
        .catch(() => undefined);
    return [
      {
        key: 'username',
        title: t('monitor.online.user'),
        sorter: true,
        render: (_, r) => (
          <Space direction="vertical" size={0}>
            <span>
              {r.username} {r.current && <Tag color="processing">{t('monitor.online.current')}</Tag>}
            </span>
            {r.realName && <Typography.Text type="secondary">{r.realName}</Typography.Text>}
          </Space>
        ),
      },
      ...(tenantName ? [{ key: 'tenantId', title: t('monitor.tenant'), render: (_: unknown, r: OnlineRow) => tenantName(r.tenantId) }] : []),
      { key: 'dept', dataIndex: 'deptName', title: t('monitor.online.dept') },
      { key: 'ip', dataIndex: 'ip', title: t('monitor.ip'), sorter: true },
      {
        key: 'device',
        title: t('monitor.online.device'),
        render: (_, r) => (
          <Tooltip title={r.userAgent}>
            <span>{[r.browser, r.os, device(r)].filter(Boolean).join(' · ') || t('monitor.unknown')}</span>
          </Tooltip>
        ),
      },
      { key: 'createdAt', title: t('monitor.online.createdAt'), sorter: true, defaultSortOrder: 'descend', render: (_, r) => time(r.createdAt) },
      { key: 'lastSeenAt', title: t('monitor.online.lastSeenAt'), sorter: true, render: (_, r) => time(r.lastSeenAt) },
      ...(canLogout
        ? [
            {
              key: 'actions',
              title: t('monitor.online.actions'),
              fixed: 'right' as const,
              render: (_: unknown, r: OnlineRow) =>
                r.current ? null : (
                  <Popconfirm
                    title={t('monitor.online.forceLogout')}
                    description={t('monitor.online.forceLogout.confirm', { user: r.username, ip: r.ip })}
                    okText={t('monitor.online.forceLogout')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => forceLogout(r)}
                  >
                    <Button type="link" danger size="small">
                      {t('monitor.online.forceLogout')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]
        : []),
    ];
  }, [t, time, tenantName, canLogout, every, message, reload]);

  const exportColumns = useMemo<ExportColumn<OnlineRow>[]>(
    () => [
      { title: t('monitor.username'), value: (r) => r.username },
      { title: t('monitor.online.user'), value: (r) => r.realName },
      ...(tenantName ? [{ title: t('monitor.tenant'), value: (r: OnlineRow) => tenantName(r.tenantId) }] : []),
      { title: t('monitor.online.dept'), value: (r) => r.deptName },
      { title: t('monitor.ip'), value: (r) => r.ip },
      { title: t('monitor.browser'), value: (r) => r.browser },
      { title: t('monitor.os'), value: (r) => r.os },
      { title: t('monitor.online.device'), value: (r) => r.device },
      { title: t('monitor.online.createdAt'), value: (r) => time(r.createdAt) },
      { title: t('monitor.online.lastSeenAt'), value: (r) => time(r.lastSeenAt) },
      { title: t('monitor.online.expiresAt'), value: (r) => time(r.expiresAt) },
    ],
    [t, time, tenantName],
  );

  return (
    <Card title={t('monitor.online.title')} extra={<ScopeNote />}>
      <ListTable
        query={query}
        columns={columns}
        rowKey="id"
        tableKey="monitor.online"
        searchPlaceholder={t('monitor.online.search')}
        emptyText={t('monitor.online.empty')}
        toolbar={
          <ExportButton
            listCall={onlineListCall}
            filter={toFilter(query.keyword, query.filter)}
            sort={query.sort}
            columns={exportColumns}
            fileName="online-sessions"
            sheet={t('monitor.online.title')}
          />
        }
        above={<Flex>{controls}</Flex>}
      />
    </Card>
  );
}
