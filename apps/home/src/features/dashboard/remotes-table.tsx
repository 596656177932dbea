import { Card, Table, Tag, Typography } from 'antd';
import { type DashboardMonitor } from '@uc/contracts';
import { formatDateTime, useLocale, useT } from '@uc/client';
import { formatValue } from './chart-spec';

type Remote = DashboardMonitor['remotes'][number];

const MANIFEST_COLORS: Record<Remote['manifest'], string> = {
  ok: 'success',
  missing: 'error',
  unreachable: 'error',
  'bad-status': 'error',
  checking: 'processing',
};

/** Every registered remote with its version, and whether its manifest answers. */
export function RemotesTable({ remotes }: { remotes: Remote[] }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <Card title={t('home.dashboard.monitor.remotes')} data-testid="monitor-remotes">
      <Typography.Paragraph type="secondary">{t('home.dashboard.monitor.remotes.help')}</Typography.Paragraph>
      <Table<Remote>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={remotes}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', title: t('home.dashboard.monitor.remotes.name'), dataIndex: 'name' },
          { key: 'version', title: t('home.dashboard.monitor.remotes.version'), dataIndex: 'version' },
          {
            key: 'enabled',
            title: t('home.dashboard.monitor.remotes.enabled'),
            dataIndex: 'enabled',
            render: (v: boolean) => (
              <Tag color={v ? 'blue' : 'default'}>{t(v ? 'home.dashboard.monitor.remotes.on' : 'home.dashboard.monitor.remotes.off')}</Tag>
            ),
          },
          {
            key: 'manifest',
            title: t('home.dashboard.monitor.remotes.manifest'),
            render: (_: unknown, r) => (
              <Tag color={MANIFEST_COLORS[r.manifest]}>{t(`home.dashboard.monitor.manifest.${r.manifest}`, { status: r.httpStatus ?? '' })}</Tag>
            ),
          },
          { key: 'ms', title: t('home.dashboard.monitor.remotes.ms'), dataIndex: 'ms', align: 'end', render: (v: number) => formatValue(v, locale, 'ms') },
          {
            key: 'checked',
            title: t('home.dashboard.monitor.remotes.checked'),
            dataIndex: 'checkedAt',
            render: (v: string | null) => (v ? formatDateTime(v) : '–'),
          },
          {
            key: 'entry',
            title: t('home.dashboard.monitor.remotes.entry'),
            dataIndex: 'entry',
            render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}
