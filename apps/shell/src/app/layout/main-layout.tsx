import { Layout, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loadConsoleMessages, useAccess, useSession, useT } from '@uc/client';
import { ConsoleConfigProvider } from '@uc/ui';
import { findRoute, routeAllowed, routeTable } from '../../lib/route-access';
import { CopyrightFooter } from '../../components/copyright-footer';
import ExceptionPage from '../../features/exception/exception-page';
import { useRegistryPush } from '../../features/remotes/registry-push';
import { usePrefetchRemotes } from '../../features/remotes/use-prefetch-remotes';
import { AppDrawer, AppDrawerButton, HEADER_HEIGHT } from './app-drawer';
import { HeaderApps } from './header-apps';
import { HeaderLanguage } from './header-language';
import { MenuFailurePage } from './menu-failure';
import { SideMenu } from './side-menu';
import { UnreadBadge } from './unread-badge';
import { UserMenu } from './user-menu';

const SIDER_WIDTH = 208;

/** The page of the current address, or 403 when the access map closes its route (spec section 6). */
function GuardedOutlet() {
  const { pathname } = useLocation();
  const map = useAccess();
  const registry = useSession((s) => s.remotes);
  const route = findRoute(pathname, routeTable(registry));
  // Routes the table does not know (addon remotes) are checked by the remote switch, which can tell 403 from 404.
  if (route && !routeAllowed(route, map)) return <ExceptionPage status={403} />;
  return <Outlet />;
}

function Frame() {
  const t = useT();
  const siteName = useSession((s) => s.siteConfig?.siteName);
  const adminMenu = useSession((s) => s.adminMenu);
  const menuFailure = useSession((s) => s.adminMenuError);
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Spec section 6: an empty admin menu means this user may open nothing (unless its read failed: then it says so, with a retry).
  if (adminMenu.length === 0 && menuFailure === null && pathname !== '/error/403') return <Navigate to="/error/403" replace />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* Above page content, below antd's overlays (1000+): a remote's drawer or modal must cover the header. */}
      <Layout.Header
        style={{
          position: 'fixed',
          insetInline: 0,
          top: 0,
          zIndex: 100,
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          padding: '0 16px',
          background: '#fff',
          boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
        }}
      >
        <AppDrawerButton open={drawerOpen} onClick={() => setDrawerOpen((o) => !o)} />
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap' }}>
          {siteName || t('app.name')}
        </Typography.Title>
        <HeaderApps />
        <div style={{ display: 'flex', alignItems: 'center', marginInlineStart: 'auto', height: '100%' }}>
          <UnreadBadge />
          <HeaderLanguage />
          <UserMenu />
        </div>
      </Layout.Header>
      <AppDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <Layout.Sider
        width={SIDER_WIDTH}
        theme="light"
        style={{ position: 'fixed', top: HEADER_HEIGHT, bottom: 0, insetInlineStart: 0, overflow: 'auto', borderInlineEnd: '1px solid rgba(5,5,5,0.06)' }}
      >
        <SideMenu />
      </Layout.Sider>
      <Layout style={{ marginTop: HEADER_HEIGHT, marginInlineStart: SIDER_WIDTH }}>
        <Layout.Content style={{ padding: 24 }}>{menuFailure === null ? <GuardedOutlet /> : <MenuFailurePage reason={menuFailure} />}</Layout.Content>
        <Layout.Footer style={{ padding: 0, background: 'transparent' }}>
          <CopyrightFooter />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}

/** Mixed layout: fixed 60px header with the app switcher, fixed side menu, light theme (spec section 2). */
export default function MainLayout() {
  usePrefetchRemotes();
  // Registry and menu changes pushed by the server change them in place.
  useRegistryPush();
  // The server's messages of the console's screens: not on the login page; a failure is asked again by the first form rule that needs them.
  useEffect(() => void loadConsoleMessages().catch(() => undefined), []);
  return (
    <ConsoleConfigProvider>
      <Frame />
    </ConsoleConfigProvider>
  );
}
