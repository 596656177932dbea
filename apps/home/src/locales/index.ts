import { registerMessages } from '@uc/client';
import { accountEnUS, accountZhCN } from './account';
import { dashboardEnUS, dashboardZhCN } from './dashboard';
import { homeEnUS } from './en-US';
import { messageEnUS, messageZhCN } from './message';
import { noticeAdminEnUS, noticeAdminZhCN } from './notice-admin';
import { thirdPartyEnUS, thirdPartyZhCN } from './third-party';
import { upgradeLogEnUS, upgradeLogZhCN } from './upgrade-log';
import { homeZhCN } from './zh-CN';

/** Each feature keeps its texts in its own file: one table per locale here. */
export const HOME_MESSAGES = {
  'zh-CN': { ...homeZhCN, ...accountZhCN, ...thirdPartyZhCN, ...messageZhCN, ...noticeAdminZhCN, ...upgradeLogZhCN, ...dashboardZhCN },
  'en-US': { ...homeEnUS, ...accountEnUS, ...thirdPartyEnUS, ...messageEnUS, ...noticeAdminEnUS, ...upgradeLogEnUS, ...dashboardEnUS },
};

export function registerHomeMessages(): void {
  registerMessages('zh-CN', HOME_MESSAGES['zh-CN']);
  registerMessages('en-US', HOME_MESSAGES['en-US']);
}
