/** The market's own pages (ucRemote.pages in package.json). */
export const MARKET_PATH = '/addons/market';

/** The details page of one version inside the console (versionId is `name@version`). */
export const detailsPath = (versionId: string): string => `${MARKET_PATH}/details/${encodeURIComponent(versionId)}`;

/**
 * Spec section 2: an application card opens /admin/web/addons/market/details/{versionId} in a new
 * window. The server sends that address on to the console's own (/user/web/...).
 */
export const detailsWindowUrl = (versionId: string): string => `/admin/web${detailsPath(versionId)}`;

export function openDetailsWindow(versionId: string): void {
  window.open(detailsWindowUrl(versionId), '_blank', 'noopener');
}
