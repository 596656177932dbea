import { type AdminMenuItem } from '@uc/contracts';
import { hasMessage, t } from '@uc/client';

/**
 * A menu's text: its locale key when a table has it, else the name stored with the menu. Components
 * pass their `useT()` so they render again when the language changes.
 */
export function menuText(item: Pick<AdminMenuItem, 'locale' | 'name'>, translate: (key: string) => string = t): string {
  return item.locale && hasMessage(item.locale) ? translate(item.locale) : item.name;
}
