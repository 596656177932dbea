import { layoutToolsEnUS, layoutToolsZhCN } from './layout-tools';
import { shellEnUS } from './en-US';

const HAN = /\p{Script=Han}/u;

it('has every layout tool text in both languages, each in its own language, and no key the shell table has', () => {
  expect(Object.keys(layoutToolsEnUS).sort()).toEqual(Object.keys(layoutToolsZhCN).sort());
  for (const text of Object.values(layoutToolsZhCN)) expect(text).toMatch(HAN);
  for (const text of Object.values(layoutToolsEnUS)) expect(text).not.toMatch(HAN);
  for (const key of Object.keys(layoutToolsEnUS)) expect(shellEnUS).not.toHaveProperty(key);
});
