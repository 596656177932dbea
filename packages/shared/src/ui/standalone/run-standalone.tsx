import { Button, Flex, Layout, Spin, Typography } from 'antd';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { applyDocumentLocale, clearSession, initSession, useSession, useT } from '@uc/shared';
import { ConsoleConfigProvider } from '../console-config-provider';
import { StandaloneSignIn } from './standalone-sign-in';

function StandaloneFrame({ name }: { name: string }) {
  const t = useT();
  const { status, currentUser } = useSession();
  useEffect(() => void initSession('/'), []);
  if (status !== 'ready') return <Spin style={{ display: 'block', marginTop: 120 }} tip={t('standalone.loading')} />;
  if (!currentUser) return <StandaloneSignIn />;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', height: 60 }}>
        <Flex justify="space-between" align="center" style={{ height: '100%' }}>
          <Typography.Text strong>{t('standalone.title', { name })}</Typography.Text>
          <Button onClick={clearSession}>
            {t('standalone.signOut')} ({currentUser.username})
          </Button>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}

/**
 * A minimal host so a remote's team can run it alone (`pnpm --filter @uc/org dev`) against a running
 * server: session start, a bare sign-in, theme and locale, and the remote's routes at the root.
 */
export function runStandalone(name: string, routes: RouteObject[], container = document.getElementById('root')): void {
  if (!container) throw new Error('runStandalone needs a <div id="root"> in the page');
  applyDocumentLocale();
  const router = createBrowserRouter([{ element: <StandaloneFrame name={name} />, children: routes }]);
  createRoot(container).render(
    <StrictMode>
      <ConsoleConfigProvider>
        <RouterProvider router={router} />
      </ConsoleConfigProvider>
    </StrictMode>,
  );
}
