import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Drawer, Layout } from 'antd';
import { useContext, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from '@uc/client';
import { HEADER_HEIGHT } from './app-drawer';
import { SideMenu } from './side-menu';
import { setMenuDrawerOpen, setSiderCollapsed, useNarrowScreen, useSideNav } from './side-nav-store';

export const SIDER_WIDTH = 208;
export const SIDER_COLLAPSED_WIDTH = 64;
const SIDE_NAV_ID = 'uc-side-nav';

/** How far the page starts from the screen's edge: the side menu's room (none on a narrow screen, where it is a drawer). */
export function useSideNavWidth(): number {
  const narrow = useNarrowScreen();
  const collapsed = useSideNav((s) => s.collapsed);
  if (narrow) return 0;
  return collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
}

/**
 * The header's first button: on a wide screen it folds the side menu to its icons and back (kept across
 * reloads), on a narrow one it opens the menu's drawer.
 */
export function SideNavToggle() {
  const t = useT();
  const narrow = useNarrowScreen();
  const { collapsed, drawerOpen } = useSideNav();
  const label = narrow ? t('layout.menu.open') : collapsed ? t('layout.sider.expand') : t('layout.sider.collapse');
  const icon = narrow ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;
  return (
    <Button
      type="text"
      icon={icon}
      aria-label={label}
      title={label}
      aria-expanded={narrow ? drawerOpen : !collapsed}
      aria-controls={SIDE_NAV_ID}
      data-testid="side-nav-toggle"
      onClick={() => (narrow ? setMenuDrawerOpen(!drawerOpen) : setSiderCollapsed(!collapsed))}
      style={{ flex: 'none', fontSize: 16 }}
    />
  );
}

/**
 * The side menu: fixed beside the page on a wide screen (icons only when folded), a drawer from the
 * header's start side on a narrow one, closed again once a page is chosen.
 */
export function SideNav() {
  const t = useT();
  const narrow = useNarrowScreen();
  const { collapsed, drawerOpen } = useSideNav();
  const { pathname } = useLocation();
  const { direction } = useContext(ConfigProvider.ConfigContext);
  useEffect(() => setMenuDrawerOpen(false), [pathname, narrow]);

  if (narrow) {
    return (
      <Drawer
        open={drawerOpen}
        onClose={() => setMenuDrawerOpen(false)}
        placement={direction === 'rtl' ? 'right' : 'left'}
        size={Math.min(280, SIDER_WIDTH + 72)}
        title={t('layout.menu.title')}
        styles={{ body: { padding: 0 } }}
        data-testid="side-nav-drawer"
      >
        <nav id={SIDE_NAV_ID} aria-label={t('layout.menu.title')}>
          <SideMenu />
        </nav>
      </Drawer>
    );
  }
  return (
    <Layout.Sider
      id={SIDE_NAV_ID}
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      theme="light"
      style={{ position: 'fixed', top: HEADER_HEIGHT, bottom: 0, insetInlineStart: 0, overflow: 'auto', borderInlineEnd: '1px solid rgba(5,5,5,0.06)' }}
    >
      <SideMenu />
    </Layout.Sider>
  );
}
