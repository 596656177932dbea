import { UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { logout, useSession, useT } from '@uc/client';
import { accountPageServed, userMenuItems } from './user-menu-items';

export { userMenuItems } from './user-menu-items';

/** The header's avatar and name: the session store's, so a change saved on the account page shows at once. */
export function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.currentUser);
  const served = useSession((s) => accountPageServed(s.remotes));
  return (
    <Dropdown
      menu={{
        items: userMenuItems(!!user && served, t),
        onClick: ({ key }) => (key === 'logout' ? void logout() : navigate(key)),
      }}
    >
      <Space style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-menu">
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt={user?.realName || user?.username} />
        <span data-testid="user-menu-name">{user?.realName || user?.username}</span>
      </Space>
    </Dropdown>
  );
}
