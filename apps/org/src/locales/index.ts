import { registerMessages } from '@uc/shared';
import { orgEnUS } from './en-US';
import { orgZhCN } from './zh-CN';

export function registerOrgMessages(): void {
  registerMessages('zh-CN', orgZhCN);
  registerMessages('en-US', orgEnUS);
}
