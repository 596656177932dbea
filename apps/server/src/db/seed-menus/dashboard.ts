import { dashboardAnalysisCall, dashboardMonitorCall, tenantOptionCall } from '@uc/contracts';
import type { MenuSeed } from './menu-seed';

// The dashboard, served by the home remote (drizzle/0037 turns the single page of older databases into
// this directory). The workplace is every user's (the remote declares it `everyone`); the monitor is
// the platform's (seed.ts); the analysis shows each tenant its own figures.
export const dashboardMenu: MenuSeed = {
  type: 1,
  name: '仪表盘',
  locale: 'menu.dashboard',
  path: '/dashboard',
  redirect: '/dashboard/workplace',
  icon: 'DashboardOutlined',
  children: [
    {
      type: 2,
      name: '工作台',
      locale: 'menu.dashboard.workplace',
      path: '/dashboard/workplace',
      component: 'home/dashboard/workplace',
      icon: 'DesktopOutlined',
    },
    {
      type: 2,
      name: '分析页',
      locale: 'menu.dashboard.analysis',
      path: '/dashboard/analysis',
      component: 'home/dashboard/analysis',
      icon: 'AreaChartOutlined',
      permissions: [dashboardAnalysisCall],
      // The platform's tenant picker (a platform-only call: a button, so tenant policies leave it out).
      children: [{ type: 3, name: '选择租户', locale: 'menu.dashboard.analysis.tenant', permissions: [tenantOptionCall] }],
    },
    {
      type: 2,
      name: '监控页',
      locale: 'menu.dashboard.monitor',
      path: '/dashboard/monitor',
      component: 'home/dashboard/monitor',
      icon: 'FundProjectionScreenOutlined',
      permissions: [dashboardMonitorCall],
    },
  ],
};
