import { hasMessage, t, type AdminMenuItem } from '@uc/shared';

/** A menu's text: its locale key when a table has it, else the name stored with the menu. */
export function menuText(item: Pick<AdminMenuItem, 'locale' | 'name'>): string {
  return item.locale && hasMessage(item.locale) ? t(item.locale) : item.name;
}
