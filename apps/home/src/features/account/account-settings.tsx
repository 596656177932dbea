import { Card, Flex, Grid, Menu, Skeleton, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { profileCenterCall, type ProfileCard } from '@uc/contracts';
import { useT } from '@uc/client';
import { LoadFailed, useCall } from '@uc/ui';
import { SETTINGS_TABS, type SettingsTab } from './account-view';
import { BasicTab } from './basic-tab';
import { NotificationTab } from './notification-tab';
import { SecurityTab } from './security-tab';
import { ThirdPartyTab } from './third-party-tab';
import { WithdrawalTab } from './withdrawal-tab';

/**
 * ?view=settings: Ant Design Pro's account settings layout, the tabs as a menu on the left (across the
 * top on a narrow screen) and the chosen one on the right. Only the chosen tab is mounted, so each asks
 * for its data when opened and shows it fresh when opened again.
 */
export function AccountSettings({ tab, onTab }: { tab: SettingsTab; onTab: (tab: SettingsTab) => void }) {
  const t = useT();
  const wide = Grid.useBreakpoint().md ?? true;
  // The user's own record, for the basic info and the current phone number; each save answers the new one.
  const { data, error, reload } = useCall(profileCenterCall);
  const [saved, setSaved] = useState<ProfileCard>();
  const profile = saved ?? data;

  const withProfile = (render: (p: ProfileCard) => ReactNode) =>
    profile ? render(profile) : error ? <LoadFailed title={t('home.account.loadFailed')} onRetry={reload} error={error} /> : <Skeleton active />;
  const content: Record<SettingsTab, () => ReactNode> = {
    basic: () => withProfile((p) => <BasicTab profile={p} onSaved={setSaved} />),
    security: () => withProfile((p) => <SecurityTab profile={p} onSaved={setSaved} />),
    withdrawal: () => <WithdrawalTab />,
    binding: () => <ThirdPartyTab />,
    notification: () => <NotificationTab />,
  };

  return (
    <Card styles={{ body: { padding: wide ? '16px 0' : 0 } }}>
      <Flex vertical={!wide}>
        <Menu
          mode={wide ? 'inline' : 'horizontal'}
          selectedKeys={[tab]}
          onClick={({ key }) => onTab(key as SettingsTab)}
          items={SETTINGS_TABS.map((key) => ({ key, label: t(`home.account.settings.${key}`) }))}
          style={wide ? { width: 224, flexShrink: 0 } : undefined}
        />
        <div style={{ flex: 1, minWidth: 0, padding: wide ? '8px 40px' : 16 }}>
          <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 24, fontSize: 20 }}>
            {t(`home.account.settings.${tab}`)}
          </Typography.Title>
          {content[tab]()}
        </div>
      </Flex>
    </Card>
  );
}
