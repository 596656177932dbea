import { adminMenuCall, headerMenuCall, memberInfoCall, remotesCall } from '@uc/contracts';
import { getAccessToken, isLoginPath, prefetchCall } from '@uc/client';

/** The layout's chunk (and the antd it brings): the same import as the router's, so the same chunk. */
export const loadMainLayout = () => import('../../app/layout/main-layout');

/**
 * A console page opened with a stored token (a reload, a bookmark, the next day's visit). The start
 * sequence is a chain (site config, then who the token is, then the menus, then the registry), and the
 * layout's code was asked for only at its end: on a slow connection each link is a round trip, and the
 * largest download (the layout with antd) waited behind all of them. Now the calls start side by side as
 * prefetches, which the sequence takes when it gets to them (same address, query and token: the same
 * answers; a refused token is refused there as before, the prefetch's failure is asked again), and the
 * layout's chunk starts loading with them. A stale token costs these requests and nothing else; the
 * sign-in pages (no console there) and a visit without a token start nothing.
 */
export function startSignedInLoad(pathname: string, loadLayout: () => Promise<unknown> = loadMainLayout): void {
  if (isLoginPath(pathname) || getAccessToken() === '') return;
  prefetchCall(memberInfoCall);
  prefetchCall(adminMenuCall, { query: {} });
  prefetchCall(headerMenuCall);
  prefetchCall(remotesCall);
  // A failure here is the router's to show (its lazy page retries the import).
  loadLayout().catch(() => undefined);
}
