import { Divider, Typography } from 'antd';
import { useState } from 'react';
import { type ProfileCard } from '@uc/contracts';
import { useT } from '@uc/client';
import { LoginTable } from './login-table';
import { MobileForm } from './mobile-form';
import { PasswordForm } from './password-form';
import { SessionsTable } from './sessions-table';

/** Settings, security: password, phone number, the devices signed in and the sign-in history. */
export function SecurityTab({ profile, onSaved }: { profile: ProfileCard; onSaved: (card: ProfileCard) => void }) {
  const t = useT();
  // A password change may end other sessions: the device list asks again.
  const [revision, setRevision] = useState(0);
  const heading = (key: string) => (
    <Typography.Title level={3} style={{ marginTop: 0, fontSize: 16 }}>
      {t(key)}
    </Typography.Title>
  );
  return (
    <>
      {heading('home.account.password.title')}
      <PasswordForm onRevoked={() => setRevision((r) => r + 1)} />
      <Divider />
      {heading('home.account.mobile.title')}
      <MobileForm current={profile.mobile} verified={profile.mobileVerified} onSaved={onSaved} />
      <Divider />
      <SessionsTable refresh={revision} />
      <Divider />
      {heading('home.account.history.title')}
      <LoginTable />
    </>
  );
}
