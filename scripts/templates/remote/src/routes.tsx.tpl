import type { RouteObject } from 'react-router-dom';
import { HelloPage } from './features/hello/hello-page';
import { UsersPage } from './features/users/users-page';
import { register__Name__Messages } from './locales';

// Runs when the shell first loads this module, before any of its pages renders.
register__Name__Messages();

/** Exposed as '__NAME__/routes'; each page is declared in package.json "ucRemote".pages too. */
export const routes: RouteObject[] = [
  { path: '/__NAME__/hello', element: <HelloPage /> },
  { path: '/__NAME__/users', element: <UsersPage /> },
];

export default routes;
