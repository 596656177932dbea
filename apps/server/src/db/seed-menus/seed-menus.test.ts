import { PERMISSION_CATALOGUE } from '@uc/shared/contracts';
import { MENU_SEED, type MenuSeed } from '.';

const grantedBy = (entries: readonly MenuSeed[]): string[] =>
  entries.flatMap((m) => [...(m.permissions ?? []).map((call) => call.path), ...grantedBy(m.children ?? [])]);

describe('seeded menu tree', () => {
  it('lets a role be granted every permission call of the catalogue (a new call needs a menu or button)', () => {
    const granted = new Set(grantedBy(MENU_SEED));
    expect(PERMISSION_CATALOGUE.filter((path) => !granted.has(path))).toEqual([]);
  });

  it('grants only calls that check a permission (a public or session call needs no grant)', () => {
    const catalogue = new Set(PERMISSION_CATALOGUE);
    expect(grantedBy(MENU_SEED).filter((path) => !catalogue.has(path))).toEqual([]);
  });
});
