import type { RouteObject } from 'react-router-dom';
import { AccountPage } from './features/account/account-page';
import { AnalysisPage } from './features/dashboard/analysis-page';
import { MonitorPage } from './features/dashboard/monitor-page';
import { WorkplacePage } from './features/dashboard/workplace-page';
import { MessageDetailPage } from './features/message/message-detail-page';
import { MessagePage } from './features/message/message-page';
import { NoticeAdminPage } from './features/notice-admin/notice-admin-page';
import { UpgradeLogPage } from './features/upgrade-log/upgrade-log-page';
import { registerHomeMessages } from './locales';

// Runs when the shell first loads this module, before any of its pages renders.
registerHomeMessages();

/** Exposed as 'home/routes'; each page is declared in package.json "ucRemote".pages too. */
export const routes: RouteObject[] = [
  { path: '/home/account', element: <AccountPage /> },
  { path: '/home/message', element: <MessagePage /> },
  { path: '/home/message/:id', element: <MessageDetailPage /> },
  { path: '/home/upgrade/logs', element: <UpgradeLogPage /> },
  { path: '/home/notice/manage', element: <NoticeAdminPage /> },
  // The dashboard (/dashboard itself opens the first of these in the user's menu: the workplace).
  { path: '/dashboard/workplace', element: <WorkplacePage /> },
  { path: '/dashboard/analysis', element: <AnalysisPage /> },
  { path: '/dashboard/monitor', element: <MonitorPage /> },
];

export default routes;
