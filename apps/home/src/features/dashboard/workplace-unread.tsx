import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { type UnreadCount } from '@uc/contracts';
import { useT } from '@uc/client';

/** The unread notices and letters (the header badge's counts), each opening its tab of the messages. */
export function WorkplaceUnread({ unread }: { unread: UnreadCount }) {
  const t = useT();
  return (
    <Card title={t('home.dashboard.workplace.unread')}>
      <Row gutter={16}>
        <Col span={12}>
          <Link to="/home/message?tab=public" data-testid="workplace-unread-notices">
            <Statistic title={t('home.dashboard.workplace.unread.notices')} value={unread.noticeCount} />
          </Link>
        </Col>
        <Col span={12}>
          <Link to="/home/message?tab=private" data-testid="workplace-unread-letters">
            <Statistic title={t('home.dashboard.workplace.unread.letters')} value={unread.letterCount} />
          </Link>
        </Col>
      </Row>
    </Card>
  );
}
