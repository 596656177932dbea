import { screensEnUS } from './en-US';
import { screensZhCN } from './zh-CN';

it('has every key in both locales, each with a text', () => {
  expect(Object.keys(screensEnUS).sort()).toEqual(Object.keys(screensZhCN).sort());
  for (const table of [screensEnUS, screensZhCN]) for (const text of Object.values(table)) expect(text.trim()).not.toBe('');
});
