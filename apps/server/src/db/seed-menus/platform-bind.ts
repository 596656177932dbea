import { PLATFORM_BIND_CALLS } from '@uc/contracts';
import type { MenuSeed } from './menu-seed';

export const platformBindMenu: MenuSeed = {
  type: 2,
  name: '平台绑定',
  locale: 'menu.pt.bind',
  path: '/pt/bind',
  component: 'pt/bind',
  icon: 'LinkOutlined',
  permissions: [...PLATFORM_BIND_CALLS],
};
