import type { RouteObject } from 'react-router-dom';
import { InvitePage } from './features/invite/invite-page';
import { registerTenantMessages } from './locales';

// Runs when the shell first loads this module, before any of its pages renders.
registerTenantMessages();

/** Exposed as 'tenant/routes'. */
export const routes: RouteObject[] = [{ path: '/tenant/invite', element: <InvitePage /> }];

export default routes;
