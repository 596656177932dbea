import { registerMessages } from '@uc/shared';
import { tenantEnUS } from './en-US';
import { tenantZhCN } from './zh-CN';

export function registerTenantMessages(): void {
  registerMessages('zh-CN', tenantZhCN);
  registerMessages('en-US', tenantEnUS);
}
