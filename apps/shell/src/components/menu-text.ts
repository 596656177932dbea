import { type AdminMenuItem } from '@uc/contracts';
import { menuName, t } from '@uc/client';

/**
 * A menu's text: the reader's text of its locale key while it has the name the system gave it, the
 * administrator's name as typed once he changed it (menuName of @uc/client). Components pass their
 * `useT()` so they render again when the language changes.
 */
export function menuText(item: Pick<AdminMenuItem, 'locale' | 'name'>, translate: (key: string) => string = t): string {
  return menuName(item, translate);
}
