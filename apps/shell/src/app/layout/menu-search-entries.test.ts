import { type AdminMenuItem } from '@uc/contracts';
import { matchEntries, searchEntries } from './menu-search-entries';

const item = (over: Partial<AdminMenuItem>): AdminMenuItem => ({
  id: 1,
  name: '',
  locale: '',
  path: '',
  icon: '',
  remark: '',
  redirect: '',
  hidden: false,
  children: [],
  ...over,
});

const menu = [
  item({ id: 1, name: 'Dashboard', path: '/dashboard', children: [item({ id: 2, name: 'Workplace', path: '/dashboard/workplace' })] }),
  item({
    id: 3,
    name: 'Organisation',
    path: '/org',
    children: [
      item({ id: 4, name: 'Users', path: '/org/user' }),
      item({ id: 5, name: 'Secret', path: '/org/secret', hidden: true }),
      item({ id: 6, name: 'User detail', path: '/org/user/:id' }),
    ],
  }),
  item({ id: 7, name: 'Tenant users', path: '/tenant/user/list' }),
  item({ id: 8, name: 'Docs', path: 'https://docs.example.com' }),
];
const entries = searchEntries(menu, (m) => m.name);

describe('menu search', () => {
  it('offers the pages of the menu in menu order, with the entries above them: no directory, hidden page or address with parameters', () => {
    expect(entries.map((e) => [e.title, e.trail.join(' / '), e.path])).toEqual([
      ['Workplace', 'Dashboard', '/dashboard/workplace'],
      ['Users', 'Organisation', '/org/user'],
      ['Tenant users', '', '/tenant/user/list'],
      ['Docs', '', 'https://docs.example.com'],
    ]);
  });

  it('matches every word in the text, the entries above or the address, in any case; own text first', () => {
    expect(matchEntries(entries, 'users').map((e) => e.path)).toEqual(['/org/user', '/tenant/user/list']);
    expect(matchEntries(entries, 'ORGANISATION').map((e) => e.path)).toEqual(['/org/user']);
    expect(matchEntries(entries, 'tenant user').map((e) => e.path)).toEqual(['/tenant/user/list']);
    expect(matchEntries(entries, '/dashboard/work').map((e) => e.title)).toEqual(['Workplace']);
    // 'org' is in Users' trail and address; Tenant users has it nowhere.
    expect(matchEntries(entries, 'org').map((e) => e.title)).toEqual(['Users']);
    expect(matchEntries(entries, 'nothing like it')).toEqual([]);
    expect(matchEntries(entries, '   ')).toHaveLength(4);
  });

  it('puts entries whose own text matches before those matched by a parent', () => {
    const both = searchEntries(
      [
        item({ id: 1, name: 'Users', path: '/users', children: [item({ id: 2, name: 'Import', path: '/users/import' })] }),
        item({ id: 3, name: 'Users list', path: '/list' }),
      ],
      (m) => m.name,
    );
    expect(matchEntries(both, 'users').map((e) => e.title)).toEqual(['Users list', 'Import']);
  });
});
