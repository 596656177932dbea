import { roleEnUS, roleZhCN } from './role-messages';

it('has every key in both locales, each with a text', () => {
  expect(Object.keys(roleEnUS).sort()).toEqual(Object.keys(roleZhCN).sort());
  for (const table of [roleZhCN, roleEnUS]) for (const text of Object.values(table)) expect(text.trim()).not.toBe('');
});
