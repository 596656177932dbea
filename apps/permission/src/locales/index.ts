import { registerMessages } from '@uc/client';
import { permissionEnUS } from './en-US';
import { permissionZhCN } from './zh-CN';

export function registerPermissionMessages(): void {
  registerMessages('zh-CN', permissionZhCN);
  registerMessages('en-US', permissionEnUS);
}
