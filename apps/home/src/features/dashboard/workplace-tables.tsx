import { Card, Table, Typography } from 'antd';
import { type DashboardWorkplace } from '@uc/contracts';
import { formatDateTime, hasMessage, useT } from '@uc/client';

type Activity = DashboardWorkplace['recentActivity'][number];
type FailedSignIn = NonNullable<DashboardWorkplace['failedSignIns']>[number];

/** A sign-in method or failure reason by its name in the account pages' tables; an unknown one as it comes. */
const named = (t: (key: string) => string, key: string, raw: string) => (hasMessage(key) ? t(key) : raw);

/** The user's own latest administrative writes, from the audit log. */
export function RecentActivity({ rows }: { rows: Activity[] }) {
  const t = useT();
  return (
    <Card title={t('home.dashboard.workplace.activity')} data-testid="workplace-activity">
      <Typography.Paragraph type="secondary">{t('home.dashboard.workplace.activity.help')}</Typography.Paragraph>
      <Table<Activity>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('home.dashboard.workplace.activity.none') }}
        columns={[
          { key: 'at', title: t('home.dashboard.column.time'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), width: 170 },
          { key: 'action', title: t('home.dashboard.column.action'), dataIndex: 'action', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { key: 'target', title: t('home.dashboard.column.target'), dataIndex: 'target', render: (v: string) => v || '–' },
          { key: 'ip', title: t('home.dashboard.column.ip'), dataIndex: 'ip' },
        ]}
      />
    </Card>
  );
}

/** Administrators': the latest failed sign-ins of their tenant. */
export function FailedSignIns({ rows }: { rows: FailedSignIn[] }) {
  const t = useT();
  return (
    <Card title={t('home.dashboard.workplace.failed')} data-testid="workplace-failed">
      <Typography.Paragraph type="secondary">{t('home.dashboard.workplace.failed.help')}</Typography.Paragraph>
      <Table<FailedSignIn>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('home.dashboard.workplace.failed.none') }}
        columns={[
          { key: 'at', title: t('home.dashboard.column.time'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), width: 170 },
          { key: 'user', title: t('home.dashboard.column.username'), dataIndex: 'username' },
          { key: 'ip', title: t('home.dashboard.column.ip'), dataIndex: 'ip' },
          {
            key: 'method',
            title: t('home.dashboard.column.method'),
            dataIndex: 'method',
            render: (v: string) => named(t, `home.account.login.method.${v}`, v),
          },
          {
            key: 'reason',
            title: t('home.dashboard.column.reason'),
            dataIndex: 'reason',
            render: (v: string) => named(t, `home.account.login.reason.${v}`, v),
          },
        ]}
      />
    </Card>
  );
}
