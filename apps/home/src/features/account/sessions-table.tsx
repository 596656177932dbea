import { Button, Flex, Popconfirm, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { memberSessionsCall, revokeOtherSessionsCall, revokeSessionCall, type SessionRow } from '@uc/contracts';
import { call, formatDateTime, getApiUi, useLocale, useT } from '@uc/client';
import { LoadFailed, useCall } from '@uc/ui';
import { deviceName } from './login-columns';

/** "Chrome 126 · Windows 10 · Computer", or what little the user agent said. */
const describe = (t: (key: string) => string, s: SessionRow) =>
  [s.browser, s.os, s.device && deviceName(t, s.device)].filter(Boolean).join(' · ') || t('home.account.sessions.unknownDevice');

/**
 * The user's live sessions (each device signed in), with a way to end any but this one, or all the
 * others at once (after a lost phone, a shared computer). `refresh` changes when something else ended
 * sessions (a password change).
 */
export function SessionsTable({ refresh }: { refresh: number }) {
  const t = useT();
  const { locale } = useLocale();
  const { data, loading, error, reload } = useCall(memberSessionsCall, {}, refresh);
  const [busy, setBusy] = useState(false);
  const others = (data?.list ?? []).filter((s) => !s.current).length;

  // Popconfirm waits on the promise: its OK button spins and a second click cannot send twice.
  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
      reload();
    } catch {
      // Refused: the API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const revoke = (row: SessionRow) => act(() => call(revokeSessionCall, { body: { id: row.id }, done: 'done' }));
  const revokeOthers = () =>
    act(async () => {
      const { revoked } = await call(revokeOtherSessionsCall);
      getApiUi().success(t('home.account.sessions.revokedOthers', { count: revoked }));
    });

  if (error && !data) return <LoadFailed title={t('home.account.loadFailed')} onRetry={reload} error={error} />;
  const time = (iso: string) => formatDateTime(iso, locale);
  const confirm = { okText: t('home.account.confirm.ok'), cancelText: t('home.account.confirm.cancel') };
  const columns: TableColumnsType<SessionRow> = [
    {
      key: 'device',
      title: t('home.account.sessions.device'),
      render: (_, s) => (
        <Flex gap={8} align="center" wrap>
          <Tooltip title={s.userAgent || undefined}>
            <span>{describe(t, s)}</span>
          </Tooltip>
          {s.current && <Tag color="green">{t('home.account.sessions.current')}</Tag>}
        </Flex>
      ),
    },
    { key: 'ip', dataIndex: 'ip', title: t('home.account.sessions.ip'), render: (ip: string) => ip || '-' },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('home.account.sessions.createdAt'), render: time },
    { key: 'lastSeenAt', dataIndex: 'lastSeenAt', title: t('home.account.sessions.lastSeenAt'), render: time },
    {
      key: 'actions',
      title: t('home.account.sessions.actions'),
      // The current session ends with the header's sign-out, which also takes the user to the login page.
      render: (_, s) =>
        s.current ? null : (
          <Popconfirm title={t('home.account.sessions.revoke.confirm')} onConfirm={() => revoke(s)} {...confirm}>
            <Button type="link" danger size="small" disabled={busy} aria-label={t('home.account.sessions.revokeOf', { name: `${describe(t, s)} ${s.ip}` })}>
              {t('home.account.sessions.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
          {t('home.account.sessions.title')}
        </Typography.Title>
        <Popconfirm title={t('home.account.sessions.revokeOthers.confirm')} onConfirm={revokeOthers} {...confirm}>
          <Button danger disabled={busy || others === 0}>
            {t('home.account.sessions.revokeOthers')}
          </Button>
        </Popconfirm>
      </Flex>
      <Table<SessionRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
      />
    </Flex>
  );
}
