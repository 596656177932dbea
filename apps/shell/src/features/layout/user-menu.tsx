import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { logout, useSession, useT } from '@uc/shared';

export function UserMenu() {
  const t = useT();
  const user = useSession((s) => s.currentUser);
  if (!user) return null;
  return (
    <Dropdown
      menu={{
        // The logout entry always shows (spec section 6); centre and settings arrive with the home remote.
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') }],
        onClick: ({ key }) => key === 'logout' && void logout(),
      }}
    >
      <Space style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-menu">
        <Avatar size="small" src={user.avatar || undefined} icon={<UserOutlined />} />
        <span>{user.username}</span>
      </Space>
    </Dropdown>
  );
}
