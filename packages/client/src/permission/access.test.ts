import type { CurrentUser } from '@uc/contracts';
import { access, anyAccessible, checkAccess } from './access';
import { testUser } from '../testing/test-user';

const user = (over: Partial<CurrentUser> = {}): CurrentUser => testUser({ id: 2, username: 'ann', tenantId: 3, isSuperAdmin: false, ...over });

describe('access', () => {
  it('gives nobody anything when signed out', () => {
    const map = access(null);
    expect(map.canAdmin).toBe(false);
    expect(map.hasPermission('/user/admin/member/list')).toBe(false);
  });

  it('grants exactly the permission strings the user holds', () => {
    const map = access(user({ permissions: ['/user/admin/member/list'] }));
    expect(map.canAdmin).toBe(true);
    expect(map.hasPermission('/user/admin/member/list')).toBe(true);
    expect(map.hasPermission('/user/admin/member/edit')).toBe(false);
  });

  it('lets a user without permissions sign in but not administer', () => {
    expect(access(user()).canAdmin).toBe(false);
  });

  it('passes the platform super admin everywhere', () => {
    const map = access(user({ isSuperAdmin: true }));
    expect(map.canAdmin).toBe(true);
    expect(map.hasPermission('/anything')).toBe(true);
  });
});

describe('checkAccess', () => {
  const map = access(user({ permissions: ['/a'] }));

  it('treats a missing entry as no access', () => {
    expect(checkAccess(map, 'canFly')).toBe(false);
  });

  it('uses a boolean entry as is and calls a function entry', () => {
    expect(checkAccess(map, 'canAdmin')).toBe(true);
    expect(checkAccess(map, 'hasPermission', '/a')).toBe(true);
    expect(checkAccess(map, 'hasPermission', '/b')).toBe(false);
  });

  it('makes a parent inaccessible when all its children are', () => {
    expect(anyAccessible(map, ['canFly', 'canSwim'])).toBe(false);
    expect(anyAccessible(map, ['canFly', 'canAdmin'])).toBe(true);
  });
});

describe('menu-driven entries', () => {
  const menu = [
    {
      id: 1,
      name: 'Org',
      locale: '',
      path: '/org',
      icon: '',
      remark: '',
      redirect: '/org/user',
      hidden: false,
      children: [
        { id: 2, name: 'Users', locale: '', path: '/org/user', icon: '', remark: '', redirect: '', hidden: false, children: [] },
        { id: 3, name: 'Msg', locale: '', path: '/home/message/:id', icon: '', remark: '', redirect: '', hidden: true, children: [] },
        { id: 4, name: 'Docs', locale: '', path: 'https://example.com/docs', icon: '', remark: '', redirect: '', hidden: false, children: [] },
      ],
    },
  ];
  it('opens exactly the routes of the menu, with parameters', () => {
    const map = access(user({ permissions: ['/x'] }), menu);
    expect(map.canUser).toBe(true);
    expect(checkAccess(map, 'canMenu', '/org/user')).toBe(true);
    expect(checkAccess(map, 'canMenu', '/org/dept')).toBe(false);
    expect(checkAccess(map, 'canMenu', '/home/message/42')).toBe(true);
    expect(checkAccess(map, 'canMenu', '/home/message')).toBe(false);
    expect(checkAccess(map, 'canMenu', 'https://example.com/docs')).toBe(false);
  });
  it('opens nothing when signed out, everything for the super admin', () => {
    expect(checkAccess(access(null, menu), 'canMenu', '/org/user')).toBe(false);
    expect(access(null, menu).canUser).toBe(false);
    expect(checkAccess(access(user({ isSuperAdmin: true }), []), 'canMenu', '/tenant/policy')).toBe(true);
  });
});
