import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession, useT } from '@uc/client';
import { MenuIcon } from '../../components/menu-icon';
import { menuText } from '../../components/menu-text';
import { activeHeaderKey, adminMenuFor, headerTarget, openHeaderTarget } from './header-nav';
import { HeaderMenuFailure } from './menu-failure';

/** The app switcher: the header menus of /user/admin/role/header, at most half the screen wide; their failure, with a retry. */
export function HeaderApps() {
  useT();
  const items = useSession((s) => s.headerMenu);
  const failure = useSession((s) => s.headerMenuError);
  const adminMenu = useSession((s) => s.adminMenu);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (failure !== null) return <HeaderMenuFailure reason={failure} />;
  if (items.length === 0) return null;
  const active = activeHeaderKey(items, pathname);
  return (
    <Menu
      mode="horizontal"
      data-testid="header-apps"
      style={{ maxWidth: '50vw', flex: '1 1 auto', minWidth: 0, borderBottom: 0, lineHeight: '58px', background: 'transparent' }}
      selectedKeys={active ? [active] : []}
      items={items.map((item) => {
        const menu = adminMenuFor(adminMenu, item.path);
        return {
          key: item.path || item.title,
          icon: <MenuIcon name={item.icon} />,
          label: <span title={item.remark || undefined}>{menu ? menuText(menu) : item.title}</span>,
        };
      })}
      onClick={({ key }) => {
        const item = items.find((i) => (i.path || i.title) === key);
        if (item) openHeaderTarget(headerTarget(item), navigate);
      }}
    />
  );
}
