// @uc/client and @uc/contracts only (no page code), so this chunk stays tiny.
import { appDetailsCall, appListCall, versionIdSchema } from '@uc/contracts';
import { prefetchCall } from '@uc/client';

const DETAILS = /^\/addons\/market\/details\/([^/]+)\/?$/;

/**
 * Exposed as 'market/prefetch': the shell calls it on the first visit of a market page, so the page's
 * data is on its way while the page's code loads. The queries are the pages' own, to the letter.
 */
export function prefetch(pathname: string): void {
  if (pathname === '/addons/market') return prefetchCall(appListCall, { query: {} });
  const encoded = DETAILS.exec(pathname)?.[1];
  if (!encoded) return;
  let versionId: string;
  try {
    versionId = decodeURIComponent(encoded);
  } catch {
    return;
  }
  if (versionIdSchema.safeParse(versionId).success) prefetchCall(appDetailsCall, { query: { versionId } });
}
