import { registerMessages } from '@uc/shared';
import { screensEnUS } from './locales/en-US';
import { screensZhCN } from './locales/zh-CN';

let registered = false;

/**
 * Adds the screens' texts to the console's tables, once. Every page module calls it when it is first
 * evaluated (a call in a used module, not a bare import or a barrel statement, which a bundler may
 * drop from a `sideEffects: false` package), so whichever remote shows a screen has its texts.
 */
export function registerScreenMessages(): void {
  if (registered) return;
  registered = true;
  registerMessages('zh-CN', screensZhCN);
  registerMessages('en-US', screensEnUS);
}
