import { Card, Col, Row, Skeleton, Tabs } from 'antd';
import { profileCenterCall } from '@uc/contracts';
import { useT } from '@uc/client';
import { LoadFailed, useCall } from '@uc/ui';
import { LedgerTable } from './ledger-table';
import { LoginTable } from './login-table';
import { ProfileCard } from './profile-card';

/** ?view=center: the user's card on the left, their recent sign-ins and balance history on the right. */
export function AccountCenter() {
  const t = useT();
  const { data: profile, error, reload } = useCall(profileCenterCall);
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={8} xl={7}>
        {profile ? (
          <ProfileCard profile={profile} />
        ) : (
          <Card>
            {error ? <LoadFailed title={t('home.account.loadFailed')} onRetry={reload} error={error} /> : <Skeleton active avatar paragraph={{ rows: 8 }} />}
          </Card>
        )}
      </Col>
      <Col xs={24} lg={16} xl={17}>
        <Card>
          {/* antd mounts a tab when it is first opened: the ledger is asked for only when someone looks. */}
          <Tabs
            items={[
              { key: 'logins', label: t('home.account.tab.logins'), children: <LoginTable /> },
              { key: 'ledger', label: t('home.account.tab.ledger'), children: <LedgerTable /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
