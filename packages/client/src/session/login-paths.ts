import { BASE_PATH } from './storage-keys';

/** Pages outside the main layout that must work without a signed-in user (spec section 2). */
const LOGIN_PAGES = ['/user/login', '/user/reg', '/user/logout', '/user/jump', '/user/access'];

export function stripBasePath(pathname: string): string {
  if (pathname === BASE_PATH) return '/';
  return pathname.startsWith(`${BASE_PATH}/`) ? pathname.slice(BASE_PATH.length) : pathname;
}

export function isLoginPath(pathname: string): boolean {
  const path = stripBasePath(pathname).replace(/\/+$/, '');
  return LOGIN_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
}

/**
 * Where to go after signing in: the `redirect` parameter when it points into this console (a full
 * address or a path), else the dashboard. Other origins are refused so the link cannot bounce users away.
 */
export function redirectTarget(redirect: string | null, origin = globalThis.location?.origin ?? ''): string {
  if (!redirect) return '/dashboard';
  try {
    const url = new URL(redirect, origin || 'http://localhost');
    if (origin && url.origin !== origin) return '/dashboard';
    const path = stripBasePath(url.pathname);
    if (isLoginPath(path) || !url.pathname.startsWith(BASE_PATH)) return '/dashboard';
    return `${path}${url.search}${url.hash}`;
  } catch {
    return '/dashboard';
  }
}
