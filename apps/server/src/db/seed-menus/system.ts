import { deptOptionCall, postOptionCall, roleOptionCall, siteSettingsCall, siteSettingsSaveCall, tenantOptionCall, tenantViewCall } from '@uc/contracts';
import type { MenuSeed } from './menu-seed';

// The platform's site settings (platform only; drizzle/0035 adds it to older databases), served by the tenant remote.
export const systemMenu: MenuSeed = {
  type: 1,
  name: '系统设置',
  locale: 'menu.system',
  path: '/system',
  redirect: '/system/settings',
  icon: 'SettingOutlined',
  children: [
    {
      type: 2,
      name: '站点设置',
      locale: 'menu.system.settings',
      path: '/system/settings',
      component: 'tenant/system/settings',
      icon: 'SettingOutlined',
      // The registration defaults are the default tenant policy's: choosing them lists the tenants, then
      // that tenant's departments, roles and posts, acting in it (X-UC-Tenant needs tenantViewCall's address).
      permissions: [siteSettingsCall, siteSettingsSaveCall, tenantOptionCall, tenantViewCall, deptOptionCall, roleOptionCall, postOptionCall],
    },
  ],
};
