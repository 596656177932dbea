import { PERMISSION_CATALOGUE } from '@uc/shared/contracts';
import { MENU_SEED, type MenuSeed } from './seed-menus';

const grantedBy = (entries: readonly MenuSeed[]): string[] =>
  entries.flatMap((m) => [...(m.permissions ?? []), ...grantedBy(m.children ?? [])]);

describe('seeded menu tree', () => {
  it('lets a role be granted every permission call of the catalogue (a new call needs a menu or button)', () => {
    const granted = new Set(grantedBy(MENU_SEED));
    expect(PERMISSION_CATALOGUE.filter((path) => !granted.has(path))).toEqual([]);
  });
});
