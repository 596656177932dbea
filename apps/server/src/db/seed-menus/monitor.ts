import { auditLogListCall, forceLogoutCall, loginLogListCall, onlineListCall, tenantOptionCall, tenantViewCall } from '@uc/contracts';
import type { MenuSeed } from './menu-seed';

// 系统监控 (issue 28, point 2), served by the tenant remote: the live sessions, the sign-ins and the
// administrative writes of the caller's tenant (every tenant's for the platform). Tenants get the pages
// (the default policy allows them); the 选择租户 buttons are the platform's (tenant names and filter, and
// for the sessions acting in their tenant): they grant only platform calls, so policies leave them out.
// Older databases get this directory at their next start (db/seed.ts, seedMenus), with its grants.
export const monitorMenu: MenuSeed = {
  type: 1,
  name: '系统监控',
  locale: 'menu.monitor',
  path: '/monitor',
  redirect: '/monitor/online',
  icon: 'MonitorOutlined',
  children: [
    {
      type: 2,
      name: '在线用户',
      locale: 'menu.monitor.online',
      path: '/monitor/online',
      component: 'tenant/monitor/online',
      icon: 'UserSwitchOutlined',
      permissions: [onlineListCall],
      children: [
        // What onlineForceLogoutCall needs: the force logout of a user (its permission is that call's).
        { type: 3, name: '强制退出', locale: 'menu.monitor.online.forceLogout', permissions: [forceLogoutCall] },
        { type: 3, name: '选择租户', locale: 'menu.monitor.online.tenant', permissions: [tenantOptionCall, tenantViewCall] },
      ],
    },
    {
      type: 2,
      name: '登录日志',
      locale: 'menu.monitor.loginLog',
      path: '/monitor/login-log',
      component: 'tenant/monitor/login-log',
      icon: 'LoginOutlined',
      permissions: [loginLogListCall],
      children: [{ type: 3, name: '选择租户', locale: 'menu.monitor.loginLog.tenant', permissions: [tenantOptionCall] }],
    },
    {
      type: 2,
      name: '操作日志',
      locale: 'menu.monitor.operationLog',
      path: '/monitor/operation-log',
      component: 'tenant/monitor/operation-log',
      icon: 'FileSearchOutlined',
      permissions: [auditLogListCall],
      children: [{ type: 3, name: '选择租户', locale: 'menu.monitor.operationLog.tenant', permissions: [tenantOptionCall] }],
    },
  ],
};
