import { Navigate, type RouteObject } from 'react-router-dom';
import { UserListPage } from './features/user/user-list-page';
import { registerOrgMessages } from './locales';

// Runs when the shell first loads this module, before any of its pages renders.
registerOrgMessages();

/**
 * Exposed as 'org/routes'. Departments and posts join when their API exists; until then /org/dept
 * and /org/post fall through to the shell's 404 rather than showing empty pages.
 */
export const routes: RouteObject[] = [
  {
    path: '/org',
    children: [
      { index: true, element: <Navigate to="user" replace /> },
      { path: 'user', element: <UserListPage /> },
    ],
  },
];

export default routes;
