import { Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useT } from '@uc/client';
import { AccountCenter } from './account-center';
import { AccountSettings } from './account-settings';
import { accountSearchOf, accountViewOf, type AccountView } from './account-view';

/**
 * /home/account: the account centre (?view=center, the default) and the account settings
 * (?view=settings&tab=...). The view and tab live in the address, each switch a history entry, so a
 * reload, a shared link and the back button all land where the user was.
 */
export function AccountPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const current = accountViewOf(params);
  const go = (next: AccountView) => setParams(accountSearchOf(next));
  const tab = current.view === 'settings' ? current.tab : 'basic';
  return (
    <Tabs
      activeKey={current.view}
      onChange={(key) => go(key === 'settings' ? { view: 'settings', tab } : { view: 'center' })}
      items={[
        { key: 'center', label: t('home.account.view.center'), children: <AccountCenter /> },
        {
          key: 'settings',
          label: t('home.account.view.settings'),
          children: <AccountSettings tab={tab} onTab={(next) => go({ view: 'settings', tab: next })} />,
        },
      ]}
    />
  );
}
