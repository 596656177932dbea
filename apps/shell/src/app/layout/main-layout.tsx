import { ConfigProvider, Layout, Typography, type ThemeConfig } from 'antd';
import { useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loadConsoleMessages, useAccess, useSession, useT } from '@uc/client';
import { ConsoleConfigProvider } from '@uc/ui';
import { findRoute, routeAllowed, routeTable } from '../../lib/route-access';
import { CopyrightFooter } from '../../components/copyright-footer';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import ExceptionPage from '../../features/exception/exception-page';
import { useRegistryPush } from '../../features/remotes/registry-push';
import { usePrefetchRemotes } from '../../features/remotes/use-prefetch-remotes';
import { LockScreen } from '../../features/lock-screen/lock-screen';
import { followOtherTabs, syncLockScreen, useLockScreen } from '../../features/lock-screen/lock-store';
import { AppDrawer, AppDrawerButton, HEADER_HEIGHT } from './app-drawer';
import { Breadcrumbs } from './breadcrumbs';
import { HeaderApps } from './header-apps';
import { HeaderLanguage } from './header-language';
import { MenuFailurePage } from './menu-failure';
import { MenuSearch } from './menu-search';
import { PageHeading } from './page-heading';
import { SideNav, SideNavToggle, useSideNavWidth } from './side-nav';
import { useNarrowScreen } from './side-nav-store';
import { UnreadBadge } from './unread-badge';
import { UserMenu } from './user-menu';

/** On a narrow screen the pages' cards and tables give their content the room their padding took (24px each side). */
const NARROW_THEME: ThemeConfig = { components: { Card: { bodyPadding: 12, headerPadding: 12 }, Table: { cellPaddingInline: 8 } } };

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
  const narrow = useNarrowScreen();
  const sideWidth = useSideNavWidth();
  const locked = useLockScreen((s) => s.locked);

  // Spec section 6: an empty admin menu means this user may open nothing (unless its read failed: then it says so, with a retry).
  if (adminMenu.length === 0 && menuFailure === null && pathname !== '/error/403') return <Navigate to="/error/403" replace />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
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
          gap: narrow ? 4 : 16,
          padding: narrow ? '0 8px' : '0 16px',
          background: '#fff',
          boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
        }}
      >
        <SideNavToggle />
        <AppDrawerButton open={drawerOpen} onClick={() => setDrawerOpen((o) => !o)} />
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'nowrap', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {siteName || t('app.name')}
        </Typography.Title>
        {/* On a narrow screen the menu drawer and the app drawer lead to the same places. */}
        {narrow ? null : <HeaderApps />}
        <div style={{ display: 'flex', alignItems: 'center', marginInlineStart: 'auto', height: '100%', flex: 'none' }}>
          <MenuSearch disabled={locked} />
          <UnreadBadge />
          <HeaderLanguage />
          <UserMenu />
        </div>
      </Layout.Header>
      <AppDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <SideNav />
      <Layout style={{ marginTop: HEADER_HEIGHT, marginInlineStart: sideWidth, minWidth: 0, transition: 'margin-inline-start 0.2s' }}>
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: narrow ? 12 : 24, minWidth: 0 }}>
          <PageHeading />
          {/* Always there, so turning a tablet never remounts the page; only its theme changes. */}
          <ConfigProvider theme={narrow ? NARROW_THEME : undefined}>
            {menuFailure === null ? (
              <>
                <Breadcrumbs />
                <GuardedOutlet />
              </>
            ) : (
              <MenuFailurePage reason={menuFailure} />
            )}
          </ConfigProvider>
        </Layout.Content>
        {/* The one contentinfo landmark: CopyrightFooter is a <footer> itself. */}
        <CopyrightFooter />
      </Layout>
      <LockScreen />
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
  // IS-LOCKSCREEN as a sign-in in this tab left it, then as the console's other tabs change it.
  // Before the first paint (the lock screen covers in a layout effect too): no flash of a lock a sign-in has cleared.
  useLayoutEffect(() => {
    syncLockScreen();
    return followOtherTabs();
  }, []);
  return (
    <ConsoleConfigProvider>
      <Frame />
    </ConsoleConfigProvider>
  );
}
