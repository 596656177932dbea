import { helloAddonEnUS } from './en-US';
import { helloAddonZhCN } from './zh-CN';

it('has every key in both locales', () => {
  expect(Object.keys(helloAddonEnUS).sort()).toEqual(Object.keys(helloAddonZhCN).sort());
});
