import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type AdminMenuItem } from '@uc/contracts';
import { useSession, useT } from '@uc/client';
import { MenuIcon } from '../../components/menu-icon';
import { menuText } from '../../components/menu-text';
import { usePrefetchIntent } from '../../features/remotes/use-prefetch-remotes';
import { SideMenuFailure } from './menu-failure';

type Item = Required<MenuProps>['items'][number];

const isExternal = (path: string) => /^https?:\/\//.test(path);

/** `pointAt`: the user points at an entry (the pointer rests on it): its page's code may load ahead of the click. */
function toItems(list: AdminMenuItem[], t: (key: string) => string, pointAt: (path: string) => void): Item[] {
  return list
    .filter((m) => !m.hidden)
    .map((m) => {
      const children = m.children.filter((c) => !c.hidden && c.path);
      return {
        key: m.path || String(m.id),
        icon: <MenuIcon name={m.icon} />,
        label: menuText(m, t),
        ...(children.length > 0 ? { children: toItems(children, t, pointAt) } : { onMouseEnter: () => m.path && pointAt(m.path) }),
      } as Item;
    });
}

/** The parents of the current path, so its group starts open. */
function ancestors(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}

export function SideMenu() {
  const menu = useSession((s) => s.adminMenu);
  const failure = useSession((s) => s.adminMenuError);
  const t = useT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const pointAt = usePrefetchIntent();
  const items = useMemo(() => toItems(menu, t, pointAt), [menu, t, pointAt]);
  const open = ancestors(pathname);
  if (failure !== null) return <SideMenuFailure reason={failure} />;

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={open}
      defaultOpenKeys={open}
      style={{ borderInlineEnd: 0 }}
      // A group opened: its entries' code loads while the user picks one.
      onOpenChange={(keys) => keys.forEach(pointAt)}
      onClick={({ key }) => {
        // Spec section 2: an address starting with http opens in a new window.
        if (isExternal(key)) window.open(key, '_blank', 'noopener');
        else void navigate(key);
      }}
    />
  );
}
