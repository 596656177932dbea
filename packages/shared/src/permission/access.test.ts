import type { CurrentUser } from '../contracts';
import { access, anyAccessible, checkAccess } from './access';

const user = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 2,
  username: 'ann',
  realName: 'Ann',
  avatar: '',
  tenantId: 3,
  tenantName: 'Acme',
  isSuperAdmin: false,
  roles: [],
  permissions: [],
  ...over,
});

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
