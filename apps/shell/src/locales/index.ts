import { registerMessages } from '@uc/client';
import { shellEnUS } from './en-US';
import { layoutToolsEnUS, layoutToolsZhCN } from './layout-tools';
import { shellZhCN } from './zh-CN';

export function registerShellMessages(): void {
  registerMessages('zh-CN', { ...shellZhCN, ...layoutToolsZhCN });
  registerMessages('en-US', { ...shellEnUS, ...layoutToolsEnUS });
}
