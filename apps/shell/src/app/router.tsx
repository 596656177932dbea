import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { BASE_PATH } from '@uc/shared';
import { RequireUser } from '../features/session/require-user';
import { Lazy } from './lazy';

// Everything below is loaded on demand. The login pages use deep antd imports only; the layout and
// what renders inside it use the shared antd singleton, which must not be on the login page's path.
const LoginPage = lazy(() => import('../features/login/login-page'));
const LogoutPage = lazy(() => import('../features/session/logout-page'));
const MainLayout = lazy(() => import('../features/layout/main-layout'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const ExceptionPage = lazy(() => import('../features/exception/exception-page'));
const RemoteSwitch = lazy(() => import('../features/remotes/remote-switch'));

export const routes: RouteObject[] = [
  {
    path: '/user',
    children: [
      { index: true, element: <Navigate to="/user/login" replace /> },
      { path: 'login', element: <Lazy><LoginPage /></Lazy> },
      { path: 'reg', element: <Lazy><LoginPage /></Lazy> },
      { path: 'logout', element: <Lazy><LogoutPage /></Lazy> },
    ],
  },
  {
    path: '/',
    element: <RequireUser />,
    children: [
      {
        element: <Lazy><MainLayout /></Lazy>,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'dashboard', element: <Lazy><DashboardPage /></Lazy> },
          { path: 'error/403', element: <Lazy><ExceptionPage status={403} /></Lazy> },
          { path: 'error/404', element: <Lazy><ExceptionPage status={404} /></Lazy> },
          { path: 'error/500', element: <Lazy><ExceptionPage status={500} /></Lazy> },
          // Remote prefixes come from the runtime registry, so one splat route hands them out;
          // a path no remote claims is the 404 page.
          { path: '*', element: <Lazy><RemoteSwitch notFound={<ExceptionPage status={404} />} /></Lazy> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASE_PATH });
