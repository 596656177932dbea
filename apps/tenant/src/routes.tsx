import type { RouteObject } from 'react-router-dom';
import { BindPage } from './features/bind/bind-page';
import { DetailsPage } from './features/details/details-page';
import { InvitePage } from './features/invite/invite-page';
import { ManagePage } from './features/manage/manage-page';
import { LoginLogPage } from './features/monitor/login-log-page';
import { OnlinePage } from './features/monitor/online-page';
import { OperationLogPage } from './features/monitor/operation-log-page';
import { PolicyPage } from './features/policy/policy-page';
import { SiteSettingsPage } from './features/site-settings/site-settings-page';
import { TenantUserListPage, TenantUserRecyclePage } from './features/user/tenant-user-pages';
import { registerTenantMessages } from './locales';

// Runs when the shell first loads this module, before any of its pages renders.
registerTenantMessages();

/** Exposed as 'tenant/routes'. */
export const routes: RouteObject[] = [
  { path: '/tenant/policy', element: <PolicyPage /> },
  { path: '/tenant/invite', element: <InvitePage /> },
  { path: '/pt/bind', element: <BindPage /> },
  { path: '/tenant/manage', element: <ManagePage /> },
  { path: '/tenant/details/:id', element: <DetailsPage /> },
  { path: '/tenant/user/list', element: <TenantUserListPage /> },
  { path: '/tenant/user/recycle', element: <TenantUserRecyclePage /> },
  { path: '/system/settings', element: <SiteSettingsPage /> },
  // 系统监控: every tenant's administrators have these (the platform sees every tenant's rows).
  { path: '/monitor/online', element: <OnlinePage /> },
  { path: '/monitor/login-log', element: <LoginLogPage /> },
  { path: '/monitor/operation-log', element: <OperationLogPage /> },
];

export default routes;
