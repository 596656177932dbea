import type { RouteObject } from 'react-router-dom';
import { DetailsPage } from './features/details/details-page';
import { ManagePage } from './features/manage/manage-page';
import { registerMarketMessages } from './locales';

// Runs when the shell first loads this module, before any of its pages renders.
registerMarketMessages();

/** Exposed as 'market/routes'; each page is declared in package.json "ucRemote".pages too. */
export const routes: RouteObject[] = [
  { path: '/addons/market', element: <ManagePage /> },
  { path: '/addons/market/details/:versionId', element: <DetailsPage /> },
];

export default routes;
