import { registerMessages } from '@uc/client';
import { bindEnUS, bindZhCN } from './bind';
import { tenantEnUS } from './en-US';
import { manageEnUS, manageZhCN } from './manage';
import { policyEnUS, policyZhCN } from './policy';
import { siteSettingsEnUS, siteSettingsZhCN } from './site-settings';
import { tenantZhCN } from './zh-CN';

/** Each feature keeps its texts in its own file (policy.ts, manage.ts, bind.ts, site-settings.ts): one table per locale here. */
export const TENANT_MESSAGES = {
  'zh-CN': { ...tenantZhCN, ...policyZhCN, ...manageZhCN, ...bindZhCN, ...siteSettingsZhCN },
  'en-US': { ...tenantEnUS, ...policyEnUS, ...manageEnUS, ...bindEnUS, ...siteSettingsEnUS },
};

export function registerTenantMessages(): void {
  registerMessages('zh-CN', TENANT_MESSAGES['zh-CN']);
  registerMessages('en-US', TENANT_MESSAGES['en-US']);
}
