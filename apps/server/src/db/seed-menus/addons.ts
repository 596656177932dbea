import { appInstallCall, appJobCall, appPurgeCall, appRollbackCall, appStatusCall, appUninstallCall, appUpdateCall } from '@uc/contracts';
import type { MenuSeed } from './menu-seed';

// The application market's administration (platform only; drizzle/0034 adds it to older databases).
// The market remote's area is /addons: its directory is here, so the remote adds no second one.
export const addonsMenu: MenuSeed = {
  type: 1,
  name: '应用中心',
  locale: 'menu.addons',
  path: '/addons',
  redirect: '/addons/market',
  icon: 'AppstoreOutlined',
  children: [
    {
      type: 2,
      name: '应用市场',
      locale: 'menu.addons.market',
      path: '/addons/market',
      component: 'market/manage',
      icon: 'ShopOutlined',
      permissions: [appJobCall],
      children: [
        { type: 3, name: '安装更新', locale: 'menu.addons.market.install', permissions: [appInstallCall, appUpdateCall, appRollbackCall, appJobCall] },
        { type: 3, name: '启用停用', locale: 'menu.addons.market.status', permissions: [appStatusCall] },
        { type: 3, name: '卸载清除', locale: 'menu.addons.market.uninstall', permissions: [appUninstallCall, appPurgeCall] },
      ],
    },
  ],
};
