import { type AdminMenuItem } from '@uc/contracts';

/** A page of the user's menu the search offers: its text, the entries above it, and where it leads. */
export interface SearchEntry {
  key: string;
  title: string;
  /** The entries above it, in the reader's language (组织管理 for 用户管理). */
  trail: string[];
  path: string;
}

/**
 * Every page of the user's menu, in menu order: what the side menu leads to, so nothing the user may
 * not open (the server sends only their entries), no hidden page, and no directory (it opens nothing
 * of its own).
 */
export function searchEntries(menu: readonly AdminMenuItem[], text: (item: AdminMenuItem) => string, trail: string[] = []): SearchEntry[] {
  return menu
    .filter((m) => !m.hidden)
    .flatMap((m) => {
      const children = m.children.filter((c) => !c.hidden && c.path);
      if (children.length > 0) return searchEntries(children, text, [...trail, text(m)]);
      return m.path && !m.path.includes('/:') ? [{ key: `${m.id}:${m.path}`, title: text(m), trail, path: m.path }] : [];
    });
}

const fold = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, '');

/**
 * The entries matching what was typed: every word of it in the entry's text, the entries above it or
 * its address, in any case; those whose own text matches first, then in menu order.
 */
export function matchEntries(entries: readonly SearchEntry[], query: string): SearchEntry[] {
  const words = query.split(/\s+/).map(fold).filter(Boolean);
  if (words.length === 0) return [...entries];
  const scored = entries.flatMap((e, order) => {
    const haystack = fold([e.title, ...e.trail, e.path].join(' '));
    if (!words.every((w) => haystack.includes(w))) return [];
    const own = words.every((w) => fold(e.title).includes(w));
    return [{ e, rank: own ? 0 : 1, order }];
  });
  return scored.sort((a, b) => a.rank - b.rank || a.order - b.order).map((s) => s.e);
}
