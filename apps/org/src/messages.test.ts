import { deptEnUS, deptZhCN } from './features/dept/dept-messages';
import { postEnUS, postZhCN } from './features/post/post-messages';
import { importEnUS, importZhCN } from './features/user/import-messages';
import { userEnUS, userZhCN } from './features/user/user-messages';
import { orgCommonEnUS, orgCommonZhCN } from './lib/org-messages';

it.each([
  ['common', orgCommonZhCN, orgCommonEnUS],
  ['user', userZhCN, userEnUS],
  ['import', importZhCN, importEnUS],
  ['dept', deptZhCN, deptEnUS],
  ['post', postZhCN, postEnUS],
])('has every %s key in both locales, each with a text', (_name, zh, en) => {
  expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  for (const table of [zh, en]) for (const text of Object.values(table)) expect(text.trim()).not.toBe('');
});
