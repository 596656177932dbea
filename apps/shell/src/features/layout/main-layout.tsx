import { Layout, Typography } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession, useT } from '@uc/shared';
import { ConsoleConfigProvider } from '@uc/shared/ui';
import { CopyrightFooter } from '../../components/copyright-footer';
import { HeaderLanguage } from './header-language';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

const HEADER_HEIGHT = 60;
const SIDER_WIDTH = 208;

function Frame() {
  const t = useT();
  const siteName = useSession((s) => s.siteConfig?.siteName);
  const adminMenu = useSession((s) => s.adminMenu);
  const { pathname } = useLocation();

  // Spec section 6: an empty admin menu means this user may open nothing.
  if (adminMenu.length === 0 && pathname !== '/error/403') return <Navigate to="/error/403" replace />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'fixed', insetInline: 0, top: 0, zIndex: 100, height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px`,
          display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '0 16px',
          background: '#fff', boxShadow: '0 1px 4px rgba(0,21,41,0.08)',
        }}
      >
        <Typography.Title level={4} style={{ margin: 0 }}>
          {siteName || t('app.name')}
        </Typography.Title>
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <HeaderLanguage />
          <UserMenu />
        </div>
      </Layout.Header>
      <Layout.Sider
        width={SIDER_WIDTH}
        theme="light"
        style={{ position: 'fixed', top: HEADER_HEIGHT, bottom: 0, insetInlineStart: 0, overflow: 'auto', borderInlineEnd: '1px solid rgba(5,5,5,0.06)' }}
      >
        <SideMenu />
      </Layout.Sider>
      <Layout style={{ marginTop: HEADER_HEIGHT, marginInlineStart: SIDER_WIDTH }}>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ padding: 0, background: 'transparent' }}>
          <CopyrightFooter />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}

/** Mixed layout: fixed 60px header and fixed side menu, light theme (spec section 2). */
export default function MainLayout() {
  return (
    <ConsoleConfigProvider>
      <Frame />
    </ConsoleConfigProvider>
  );
}
