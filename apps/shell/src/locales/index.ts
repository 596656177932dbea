import { registerMessages } from '@uc/shared';
import { shellEnUS } from './en-US';
import { shellZhCN } from './zh-CN';

export function registerShellMessages(): void {
  registerMessages('zh-CN', shellZhCN);
  registerMessages('en-US', shellEnUS);
}
