import { type AdminMenuItem } from '@uc/contracts';
import { menuName } from '@uc/client';

/** The workplace itself: no shortcut to the page the shortcuts are on. */
export const WORKPLACE_PATH = '/dashboard/workplace';

/**
 * The pages a user may open, for the workplace's shortcuts: the leaves of their menu (the server sends
 * only entries that are granted and served) with an address inside the console, the workplace left out.
 */
export function menuShortcuts(menu: readonly AdminMenuItem[]): AdminMenuItem[] {
  return menu.flatMap((m) =>
    m.children.length > 0 ? menuShortcuts(m.children) : m.path && !m.hidden && !/^https?:\/\//.test(m.path) && m.path !== WORKPLACE_PATH ? [m] : [],
  );
}

/** A menu entry's text: the reader's while it has the name the system gave it, else as typed (menuName). */
export function menuLabel(item: Pick<AdminMenuItem, 'locale' | 'name'>, t: (key: string) => string): string {
  return menuName(item, t);
}

/** The part of the day a greeting names, by the reader's clock. */
export function dayPart(hour: number): 'morning' | 'noon' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 13) return 'noon';
  if (hour >= 13 && hour < 18) return 'afternoon';
  return 'evening';
}
