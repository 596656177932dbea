import { UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { logout, useSession, useT } from '@uc/client';
import { lockConsole } from '../../features/lock-screen/lock-store';
import { useNarrowScreen } from './side-nav-store';
import { accountPageServed, LOCK_KEY, userMenuItems } from './user-menu-items';

export { userMenuItems } from './user-menu-items';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

/** The header's avatar and name: the session store's, so a change saved on the account page shows at once. */
export function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.currentUser);
  const served = useSession((s) => accountPageServed(s.remotes));
  // A narrow header has room for the avatar only; the name stays for screen readers.
  const narrow = useNarrowScreen();
  return (
    <Dropdown
      menu={{
        items: userMenuItems(!!user && served, t, !!user),
        onClick: ({ key }) => {
          if (key === 'logout') void logout();
          else if (key === LOCK_KEY) lockConsole();
          else void navigate(key);
        },
      }}
    >
      <Space style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-menu">
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt={user?.realName || user?.username} />
        <span data-testid="user-menu-name" style={narrow ? VISUALLY_HIDDEN : undefined}>
          {user?.realName || user?.username}
        </span>
      </Space>
    </Dropdown>
  );
}
