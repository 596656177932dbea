import { registerMessages } from '@uc/client';
import { bindEnUS, bindZhCN } from './bind';
import { tenantEnUS } from './en-US';
import { manageEnUS, manageZhCN } from './manage';
import { monitorEnUS, monitorZhCN } from './monitor';
import { policyEnUS, policyZhCN } from './policy';
import { siteSettingsEnUS, siteSettingsZhCN } from './site-settings';
import { tenantZhCN } from './zh-CN';

/** Each feature keeps its texts in its own file (policy.ts, manage.ts, bind.ts, site-settings.ts, monitor.ts): one table per locale here. */
export const TENANT_MESSAGES = {
  'zh-CN': { ...tenantZhCN, ...policyZhCN, ...manageZhCN, ...bindZhCN, ...siteSettingsZhCN, ...monitorZhCN },
  'en-US': { ...tenantEnUS, ...policyEnUS, ...manageEnUS, ...bindEnUS, ...siteSettingsEnUS, ...monitorEnUS },
};

export function registerTenantMessages(): void {
  registerMessages('zh-CN', TENANT_MESSAGES['zh-CN']);
  registerMessages('en-US', TENANT_MESSAGES['en-US']);
}
