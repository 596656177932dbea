import { menuLocaleOf, type AdminMenuItem, type RemoteEntry } from '@uc/contracts';
import { pathMatches } from '@uc/client';

/** One step of the trail: its text, and the console address it opens (none for the current page or an address with parameters). */
export interface Crumb {
  key: string;
  title: string;
  to?: string;
}

/** How the trail reads an entry: the menu's text in the reader's language, a page's declared title. */
export interface CrumbTexts {
  menu: (item: AdminMenuItem) => string;
  /** The title of a page the menu does not show (a hidden detail page), or undefined when none is known. */
  page: (path: string) => string | undefined;
}

const isExternal = (path: string) => /^https?:\/\//i.test(path);

/** The entries from the top of the menu down to the first one `hit` accepts, or null. */
function chainTo(list: readonly AdminMenuItem[], hit: (item: AdminMenuItem) => boolean): AdminMenuItem[] | null {
  for (const item of list) {
    if (item.path && hit(item)) return [item];
    const below = chainTo(item.children, hit);
    if (below) return [item, ...below];
  }
  return null;
}

const chainFor = (menu: readonly AdminMenuItem[], path: string) => chainTo(menu, (m) => !isExternal(m.path) && pathMatches(m.path, path));

/** The addresses above a path, nearest first: '/a/b/c' → '/a/b', '/a'. */
const parentsOf = (path: string): string[] => {
  const parts = path.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, parts.length - 1 - i).join('/')}`);
};

/**
 * The breadcrumb of an address, from the user's menu tree (what the side menu shows, in the reader's
 * language): the entries down to the page. A page the menu hides (a detail page such as
 * /tenant/details/:id) hangs below the entry it is opened from (its `accessAs`) or below the nearest
 * entry above its address, with the title its remote declares. Addresses no menu entry leads to (the
 * exception pages) have no trail.
 */
export function breadcrumbTrail(menu: readonly AdminMenuItem[], remotes: readonly RemoteEntry[], pathname: string, texts: CrumbTexts): Crumb[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const crumbsOf = (chain: AdminMenuItem[]): Crumb[] =>
    chain.map((m) => ({ key: `menu-${m.id}`, title: texts.menu(m), ...(m.path && !m.path.includes('/:') ? { to: m.path } : {}) }));
  const done = (crumbs: Crumb[]): Crumb[] => crumbs.map((c, i) => (i === crumbs.length - 1 ? { key: c.key, title: c.title } : c));

  const own = chainFor(menu, path);
  if (own) return done(crumbsOf(own));

  const page = remotes.flatMap((r) => r.pages).find((p) => pathMatches(p.path, path));
  const pageTitle = page ? texts.page(page.path) : undefined;
  const anchors = [...(page?.accessAs ? [page.accessAs] : []), ...parentsOf(path)];
  for (const anchor of anchors) {
    const chain = chainFor(menu, anchor);
    if (!chain) continue;
    const above = crumbsOf(chain);
    return done(pageTitle ? [...above, { key: `page-${page!.path}`, title: pageTitle }] : above);
  }
  return [];
}

/** A page's title as its remote declares it (registered under its menu locale key), when the reader's tables have it. */
export const declaredPageTitle =
  (t: (key: string) => string, has: (key: string) => boolean) =>
  (path: string): string | undefined => {
    const key = menuLocaleOf(path);
    return has(key) ? t(key) : undefined;
  };
