import { registerMessages } from '@uc/client';
import { shellEnUS } from './en-US';
import { shellZhCN } from './zh-CN';

export function registerShellMessages(): void {
  registerMessages('zh-CN', shellZhCN);
  registerMessages('en-US', shellEnUS);
}
