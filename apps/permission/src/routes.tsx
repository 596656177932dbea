import { Navigate, type RouteObject } from 'react-router-dom';
import { MenuPage } from './features/menu/menu-page';
import { OpenAccessPage } from './features/open-access/open-access-page';
// The role screen lives in @uc/shared/screens (the tenant remote shows it too, inside a tenant).
import { RolePage } from '@uc/shared/screens';
import { registerPermissionMessages } from './locales';

// Runs when the shell first loads this module, before any of its pages renders.
registerPermissionMessages();

/** Exposed as 'permission/routes'. */
export const routes: RouteObject[] = [
  {
    path: '/permission',
    children: [
      { index: true, element: <Navigate to="menu" replace /> },
      { path: 'menu', element: <MenuPage /> },
      { path: 'role', element: <RolePage /> },
      { path: 'openaccess', element: <OpenAccessPage /> },
    ],
  },
];

export default routes;
