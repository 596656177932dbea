import { Card, Col, Row, Statistic, Typography } from 'antd';
import { type DashboardAnalysis } from '@uc/contracts';
import { useT } from '@uc/client';

/** Users now, and how many of them signed in lately (whatever the range). */
export function UserStats({ users }: { users: DashboardAnalysis['users'] }) {
  const t = useT();
  const figures = [
    { key: 'total', value: users.total },
    { key: 'active1d', value: users.active1d },
    { key: 'active7d', value: users.active7d },
    { key: 'active30d', value: users.active30d },
  ];
  return (
    <Card title={t('home.dashboard.analysis.users')} data-testid="analysis-users">
      <Typography.Paragraph type="secondary">{t('home.dashboard.analysis.users.help')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.key} xs={12} md={6}>
            <Statistic title={t(`home.dashboard.analysis.users.${f.key}`)} value={f.value} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
