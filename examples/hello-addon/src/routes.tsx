import type { RouteObject } from 'react-router-dom';
import { HelloPage } from './features/hello/hello-page';
import { UsersPage } from './features/users/users-page';
import { registerHelloAddonMessages } from './locales';

// Runs when the shell first loads this module, before any of its pages renders.
registerHelloAddonMessages();

/** Exposed as 'hello-addon/routes'; each page is declared in package.json "ucAddon".pages too. */
export const routes: RouteObject[] = [
  { path: '/hello-addon/hello', element: <HelloPage /> },
  { path: '/hello-addon/users', element: <UsersPage /> },
];

export default routes;
