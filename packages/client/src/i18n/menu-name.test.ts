import { MENU_NAMES } from '@uc/contracts';
import { setLocale } from './i18n-store';
import { menuName } from './menu-name';

describe('menuName', () => {
  afterAll(() => setLocale('zh-CN'));

  it("shows a seeded entry's name in the reader's language, buttons included", () => {
    const seeded = { locale: 'menu.permission.openaccess.quotaReserve', name: '配额预留' };
    setLocale('en-US');
    expect(menuName(seeded)).toBe('Quota reservation');
    expect(menuName({ locale: 'menu.org.user.create', name: '新增用户' })).toBe('New user');
    setLocale('zh-CN');
    expect(menuName(seeded)).toBe('配额预留');
  });

  it('shows a name an administrator typed as typed, in every language', () => {
    const renamed = { locale: 'menu.permission.openaccess.quotaReserve', name: '预留额度' };
    setLocale('en-US');
    expect(menuName(renamed)).toBe('预留额度');
    setLocale('zh-CN');
    expect(menuName({ locale: 'menu.org.user', name: 'Members' })).toBe('Members');
  });

  it("takes the English name as the system's too (an entry a remote declared in English)", () => {
    setLocale('zh-CN');
    expect(menuName({ locale: 'menu.org.user', name: 'Users' })).toBe('用户管理');
  });

  it('shows the stored name of an entry without a key, or with a key no table has', () => {
    setLocale('en-US');
    expect(menuName({ locale: '', name: '帮助' })).toBe('帮助');
    expect(menuName({ locale: 'menu.nowhere', name: '别处' })).toBe('别处');
  });

  it('has a name in both languages for every entry of the catalogue', () => {
    for (const [key, names] of Object.entries(MENU_NAMES)) {
      expect({ key, zh: /\p{Script=Han}/u.test(names['zh-CN']), en: /\p{Script=Han}/u.test(names['en-US']) }).toEqual({ key, zh: true, en: false });
    }
  });
});
