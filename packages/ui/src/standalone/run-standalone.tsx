import { Button, Flex, Layout, Spin, Typography } from 'antd';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { applyDocumentLocale, clearSession, initSession, loadConsoleMessages, useSession, useT } from '@uc/client';
import { ConsoleConfigProvider } from '../console-config-provider';
import { StandaloneSignIn } from './standalone-sign-in';

/** The remote's own pages (its routes with a fixed address), for the standalone home page and header. */
function pagesOf(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((r) => {
    if (!r.path || r.path.includes(':') || r.path.includes('*')) return [];
    const path = r.path.startsWith('/') ? r.path : `${base}/${r.path}`;
    const below = pagesOf(r.children ?? [], path);
    return below.length > 0 ? below : [path];
  });
}

function PageLinks({ pages }: { pages: string[] }) {
  const t = useT();
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4}>{t('standalone.pages')}</Typography.Title>
      {pages.map((path) => (
        <Link key={path} to={path}>
          {path}
        </Link>
      ))}
    </Flex>
  );
}

function StandaloneFrame({ name, pages }: { name: string; pages: string[] }) {
  const t = useT();
  const { status, currentUser } = useSession();
  useEffect(() => {
    void initSession('/');
    void loadConsoleMessages().catch(() => undefined);
  }, []);
  if (status !== 'ready') return <Spin style={{ display: 'block', marginTop: 120 }} tip={t('standalone.loading')} />;
  if (!currentUser) return <StandaloneSignIn />;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', height: 60 }}>
        <Flex justify="space-between" align="center" style={{ height: '100%' }}>
          <Flex gap={16} align="center">
            <Link to="/">
              <Typography.Text strong>{t('standalone.title', { name })}</Typography.Text>
            </Link>
            {pages.map((path) => (
              <Link key={path} to={path}>
                {path}
              </Link>
            ))}
          </Flex>
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
 * server: session start, a bare sign-in, theme and locale, and the remote's routes at the root, with
 * links to each of its pages (a deep link such as http://localhost:3001/org/user opens the page itself).
 */
export function runStandalone(name: string, routes: RouteObject[], container = document.getElementById('root')): void {
  if (!container) throw new Error('runStandalone needs a <div id="root"> in the page');
  applyDocumentLocale();
  const pages = pagesOf(routes);
  // The home page lists the remote's pages, unless the remote has a home page of its own.
  const home: RouteObject[] = routes.some((r) => r.index) ? [] : [{ index: true, element: <PageLinks pages={pages} /> }];
  const router = createBrowserRouter([{ element: <StandaloneFrame name={name} pages={pages} />, children: [...home, ...routes] }]);
  createRoot(container).render(
    <StrictMode>
      <ConsoleConfigProvider>
        <RouterProvider router={router} />
      </ConsoleConfigProvider>
    </StrictMode>,
  );
}
