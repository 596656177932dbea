import { LockOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { RemoteEntry } from '@uc/contracts';

/** The personal area's account page (the home remote's); /account/center and /account/settings open its two views. */
export const ACCOUNT_PAGE = '/home/account';
export const ACCOUNT_CENTER_ROUTE = ACCOUNT_PAGE;
export const ACCOUNT_SETTINGS_ROUTE = `${ACCOUNT_PAGE}?view=settings`;

/** Whether an enabled remote serves the account page: without it the entries would open the 404 page. */
export const accountPageServed = (remotes: readonly RemoteEntry[]): boolean => remotes.some((r) => r.pages.some((p) => p.path === ACCOUNT_PAGE));

/** The user menu's entry that locks the console (IS-LOCKSCREEN). */
export const LOCK_KEY = 'lock';

/**
 * Spec section 6: personal center and settings show only when the initial state (the current
 * user) exists; logout always shows. Logout clears the user and replaces the page with
 * /user/logout?redirect=<current address>. The lock screen needs a signed-in user (`signedIn`, by
 * default `hasUser`) to unlock with their password.
 */
export function userMenuItems(hasUser: boolean, t: (key: string) => string, signedIn = hasUser): NonNullable<MenuProps['items']> {
  return [
    ...(hasUser
      ? [
          { key: '/account/center', icon: <UserOutlined />, label: t('layout.account.center') },
          { key: '/account/settings', icon: <SettingOutlined />, label: t('layout.account.settings') },
          { type: 'divider' as const },
        ]
      : []),
    ...(signedIn ? [{ key: LOCK_KEY, icon: <LockOutlined />, label: t('layout.lock') }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
  ];
}
