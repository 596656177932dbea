// The light part of the user screen only (no page code), so this chunk stays tiny.
import { prefetchUserList } from './features/user/user-list-query';

/**
 * Exposed as 'org/prefetch' (a tiny chunk, no page code): the shell calls it on the first visit of an
 * org page, so the page's data is on its way while the page's code loads and renders.
 */
export function prefetch(pathname: string): void {
  if (pathname === '/org/user') prefetchUserList();
}
