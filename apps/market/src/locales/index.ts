import { registerMessages } from '@uc/client';
import { catalogueEnUS, catalogueZhCN } from './catalogue';
import { detailsEnUS, detailsZhCN } from './details';
import { marketEnUS } from './en-US';
import { manageEnUS, manageZhCN } from './manage';
import { marketZhCN } from './zh-CN';

/** Each feature keeps its texts in its own file: one table per locale here. */
export const MARKET_MESSAGES = {
  'zh-CN': { ...marketZhCN, ...catalogueZhCN, ...detailsZhCN, ...manageZhCN },
  'en-US': { ...marketEnUS, ...catalogueEnUS, ...detailsEnUS, ...manageEnUS },
};

export function registerMarketMessages(): void {
  registerMessages('zh-CN', MARKET_MESSAGES['zh-CN']);
  registerMessages('en-US', MARKET_MESSAGES['en-US']);
}
