import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { BASE_PATH, stripBasePath } from '@uc/client';
import { loadRemoteSwitch } from '../features/remotes/remote-switch-chunk';
import { RequireUser } from '../features/session/require-user';
import { AreaRedirect } from './area-redirect';
import { ACCOUNT_CENTER_ROUTE, ACCOUNT_SETTINGS_ROUTE } from './layout/user-menu-items';
import { lazyPage } from './lazy';
import { notifyNavigation } from '../lib/navigation';

// Everything below is loaded on demand, each behind a boundary with a retry (a chunk may fail to
// load). The login pages use no antd; the layout and what renders inside it use the shared antd
// singleton, which must not be on the login page's path.
const LoginPage = lazyPage(() => import('../features/login/login-page'));
const LogoutPage = lazyPage(() => import('../features/session/logout-page'));
const JumpPage = lazyPage(() => import('../features/session/jump-page'));
const AccessPage = lazyPage(() => import('../features/session/access-page'));
const MainLayout = lazyPage(() => import('./layout/main-layout'));
const ExceptionPage = lazyPage(() => import('../features/exception/exception-page'));
const RemoteSwitch = lazyPage(loadRemoteSwitch);

const remoteSwitch = <RemoteSwitch notFound={<ExceptionPage status={404} />} forbidden={<ExceptionPage status={403} />} />;

export const routes: RouteObject[] = [
  {
    path: '/user',
    children: [
      { index: true, element: <Navigate to="/user/login" replace /> },
      // One screen for both (spec section 2); it picks the form from the address.
      { path: 'login', element: <LoginPage /> },
      { path: 'reg', element: <LoginPage /> },
      { path: 'logout', element: <LogoutPage /> },
      { path: 'jump', element: <JumpPage /> },
      { path: 'access', element: <AccessPage /> },
      { path: '*', element: <ExceptionPage status={404} bare /> },
    ],
  },
  {
    path: '/',
    element: <RequireUser />,
    children: [
      {
        element: <MainLayout />,
        children: [
          // A sign-in lands on the dashboard's area (the home remote's pages): its first page in the menu.
          { index: true, element: <Navigate to="/dashboard" replace /> },
          // The user menu's entries (spec section 2) are views of the personal area's account page.
          { path: 'account/center', element: <Navigate to={ACCOUNT_CENTER_ROUTE} replace /> },
          { path: 'account/settings', element: <Navigate to={ACCOUNT_SETTINGS_ROUTE} replace /> },
          { path: 'error/403', element: <ExceptionPage status={403} /> },
          { path: 'error/404', element: <ExceptionPage status={404} /> },
          { path: 'error/500', element: <ExceptionPage status={500} /> },
          // An area (/org) opens its first page in the user's menu; remote prefixes come from the
          // runtime registry, so one splat route hands them out; a path no remote claims is the 404 page.
          { path: ':area', element: <AreaRedirect otherwise={remoteSwitch} /> },
          { path: '*', element: remoteSwitch },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASE_PATH });
// The router's locations carry the base path; the console's own paths do not.
notifyNavigation(stripBasePath(router.state.location.pathname));
router.subscribe((state) => notifyNavigation(stripBasePath(state.location.pathname)));
