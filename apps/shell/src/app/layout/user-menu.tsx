import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { logout, useSession, useT } from '@uc/shared';

/**
 * Spec section 6: personal center and settings show only when the initial state (the current
 * user) exists; logout always shows. Logout clears the user and replaces the page with
 * /user/logout?redirect=<current address>.
 */
export function userMenuItems(hasUser: boolean, t: (key: string) => string): NonNullable<MenuProps['items']> {
  return [
    ...(hasUser
      ? [
          { key: '/account/center', icon: <UserOutlined />, label: t('layout.account.center') },
          { key: '/account/settings', icon: <SettingOutlined />, label: t('layout.account.settings') },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
  ];
}

export function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.currentUser);
  return (
    <Dropdown
      menu={{
        items: userMenuItems(!!user, t),
        onClick: ({ key }) => (key === 'logout' ? void logout() : navigate(key)),
      }}
    >
      <Space style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-menu">
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span>{user?.username}</span>
      </Space>
    </Dropdown>
  );
}
