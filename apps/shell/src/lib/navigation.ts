/**
 * The router tells this module about every navigation as it happens, before React renders the new
 * page (router.subscribe). The layout listens, to start a remote page's data before its render.
 */
type Listener = (pathname: string) => void;

let listener: Listener | null = null;
let last = '';

export function onNavigation(next: Listener | null): void {
  listener = next;
}

export function notifyNavigation(pathname: string): void {
  if (pathname === last) return;
  last = pathname;
  listener?.(pathname);
}
