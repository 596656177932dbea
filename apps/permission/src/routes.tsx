import { Navigate, type RouteObject } from 'react-router-dom';
import { MenuPage } from './features/menu/menu-page';
import { OpenAccessPage } from './features/open-access/open-access-page';
// The tenant remote shows the role screen too, inside a tenant: through './tenant-screens'.
import { RolePage } from './features/role/role-page';
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
