import { Col, Row, Skeleton } from 'antd';
import { dashboardWorkplaceCall } from '@uc/contracts';
import { useT } from '@uc/client';
import { LoadFailed, useCall } from '@uc/ui';
import { attentionShown, WorkplaceAttention } from './workplace-attention';
import { WorkplaceGreeting } from './workplace-greeting';
import { WorkplaceShortcuts } from './workplace-shortcuts';
import { FailedSignIns, RecentActivity } from './workplace-tables';
import { WorkplaceUnread } from './workplace-unread';

/**
 * /dashboard/workplace, where every sign-in lands: who the user is, where they can go, what is unread,
 * what they did lately, for administrators who failed to sign in to their tenant and, for the
 * platform's operators, what needs their attention (licences ending, remotes down, failed addon jobs).
 */
export function WorkplacePage() {
  const t = useT();
  const { data, error, reload } = useCall(dashboardWorkplaceCall, {});
  if (!data) return error ? <LoadFailed title={t('home.dashboard.workplace.failedToLoad')} onRetry={reload} error={error} /> : <Skeleton active />;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <WorkplaceGreeting data={data} />
      </Col>
      <Col xs={24} xl={16}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <WorkplaceShortcuts />
          </Col>
          <Col span={24}>
            <RecentActivity rows={data.recentActivity} />
          </Col>
          {/* In the wide column: five columns of a sign-in would wrap letter by letter beside it. */}
          {data.failedSignIns && (
            <Col span={24}>
              <FailedSignIns rows={data.failedSignIns} />
            </Col>
          )}
        </Row>
      </Col>
      <Col xs={24} xl={8}>
        <Row gutter={[16, 16]}>
          {attentionShown(data.attention) && (
            <Col span={24}>
              <WorkplaceAttention attention={data.attention} serverTime={data.serverTime} />
            </Col>
          )}
          <Col span={24}>
            <WorkplaceUnread unread={data.unread} />
          </Col>
        </Row>
      </Col>
    </Row>
  );
}
