import { registerMessages } from '@uc/client';
import { helloAddonEnUS } from './en-US';
import { helloAddonZhCN } from './zh-CN';

export function registerHelloAddonMessages(): void {
  registerMessages('zh-CN', helloAddonZhCN);
  registerMessages('en-US', helloAddonEnUS);
}
