import { Navigate, type RouteObject } from 'react-router-dom';
import { MenuPage } from './features/menu/menu-page';
import { RolePage } from './features/role/role-page';
import { registerPermissionMessages } from './locales';

// Runs when the shell first loads this module, before any of its pages renders.
registerPermissionMessages();

/** Exposed as 'permission/routes'. /permission/openaccess joins when the open access calls exist. */
export const routes: RouteObject[] = [
  {
    path: '/permission',
    children: [
      { index: true, element: <Navigate to="menu" replace /> },
      { path: 'menu', element: <MenuPage /> },
      { path: 'role', element: <RolePage /> },
    ],
  },
];

export default routes;
