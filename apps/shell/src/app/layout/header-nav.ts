import { type AdminMenuItem, type HeaderMenuItem } from '@uc/contracts';
import { BASE_PATH } from '@uc/client';

/** How a header (app) item opens: a console route, another page of the site, or a new tab. */
export type HeaderTarget = { kind: 'route'; to: string } | { kind: 'page'; href: string } | { kind: 'tab'; href: string };

const isExternal = (path: string) => /^https?:\/\//i.test(path);

/**
 * Spec section 2: an item navigates to its path; an item flagged affix opens in a new tab, as does
 * an http address. Paths under the console's base path stay in the router; other site paths
 * (/admin/web/...) are other applications and get a page load.
 */
export function headerTarget(item: Pick<HeaderMenuItem, 'path' | 'affix'>): HeaderTarget {
  const path = item.path || '/';
  const inConsole = !isExternal(path) && (!/^\/[^/]+\/web(\/|$)/.test(path) || path === BASE_PATH || path.startsWith(`${BASE_PATH}/`));
  const route = path.startsWith(`${BASE_PATH}/`) ? path.slice(BASE_PATH.length) : path === BASE_PATH ? '/' : path;
  const href = isExternal(path) ? path : inConsole ? `${BASE_PATH}${route}` : path;
  if (item.affix || isExternal(path)) return { kind: 'tab', href };
  return inConsole ? { kind: 'route', to: route } : { kind: 'page', href };
}

export function openHeaderTarget(target: HeaderTarget, navigate: (to: string) => void): void {
  if (target.kind === 'route') navigate(target.to);
  else if (target.kind === 'tab') window.open(target.href, '_blank', 'noopener');
  else window.location.assign(target.href);
}

function findByPath(list: readonly AdminMenuItem[], path: string): AdminMenuItem | undefined {
  for (const m of list) {
    if (m.path === path) return m;
    const hit = findByPath(m.children, path);
    if (hit) return hit;
  }
  return undefined;
}

/** The admin menu entry of a header item, for its locale key (header items carry only a title). */
export const adminMenuFor = (menu: readonly AdminMenuItem[], path: string) => findByPath(menu, path);

/** Which header item the current address belongs to (its path begins the address). */
export function activeHeaderKey(items: readonly Pick<HeaderMenuItem, 'path'>[], pathname: string): string | undefined {
  return items
    .map((i) => i.path)
    .filter((p) => p && !isExternal(p) && (pathname === p || pathname.startsWith(`${p}/`)))
    .sort((a, b) => b.length - a.length)[0];
}
