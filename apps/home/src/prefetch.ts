// @uc/client and @uc/contracts only (no page code), so this chunk stays tiny.
import { dashboardWorkplaceCall } from '@uc/contracts';
import { prefetchCall } from '@uc/client';

/**
 * Exposed as 'home/prefetch': the shell calls it on the first visit of a home page, so the page's data
 * is on its way while the page's code loads. The workplace is where every sign-in lands.
 */
export function prefetch(pathname: string): void {
  if (pathname === '/dashboard/workplace') prefetchCall(dashboardWorkplaceCall, {});
}
