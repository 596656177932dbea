import { hasMessage, isTextOf, t } from './i18n-store';

/**
 * The name to show for a menu entry (side menu, breadcrumbs, search, 菜单管理, the permission trees):
 * the reader's text of its locale key while the entry still has the name the system gave it (the seed's,
 * or the title a remote or addon declares, in any of its languages), and the name as typed once an
 * administrator changed it. Components pass their `useT()` so they render again when the language changes.
 */
export function menuName(item: { locale?: string | null; name: string }, translate: (key: string) => string = t): string {
  const key = item.locale;
  if (!key || !hasMessage(key) || !isTextOf(key, item.name)) return item.name;
  return translate(key);
}
