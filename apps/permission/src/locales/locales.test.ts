import { permissionEnUS } from './en-US';
import { permissionZhCN } from './zh-CN';

it('has every key in both locales', () => {
  expect(Object.keys(permissionEnUS).sort()).toEqual(Object.keys(permissionZhCN).sort());
});
