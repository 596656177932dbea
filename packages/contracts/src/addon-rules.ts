import { addonRoutes, type AddonManifest } from './addon.contract';
import { ALL_CALLS } from './catalogue';
import { SHELL_PAGES } from './role.contract';

/*
 * What an addon may not take from the console itself, whatever else is installed: the one
 * implementation of these rules, used by the addon kit when it builds an addon (so the author hears it
 * at `pnpm build`) and by the server when it installs one (so a package made otherwise is refused too).
 * What depends on the server's state (another addon's routes or permissions, an administrator's menu
 * entries, the remotes deployed) the server checks on its own.
 */

/**
 * The console's own areas: the first segment of its addresses (/org/user is in org), which are also the
 * names of its remotes (shell, org, permission, tenant, home, market) and of its menu directories. No
 * addon may be named after one or put a page in one. The server's tests check that every seeded menu
 * entry and every first-party remote's page lies in one of these, so the list cannot fall behind.
 */
export const CONSOLE_AREAS: readonly string[] = [
  'shell',
  'org',
  'permission',
  'tenant',
  'home',
  'market',
  'dashboard',
  'system',
  'monitor',
  'pt',
  'user',
  'addons',
  'account',
  'error',
  'exception',
  '403',
  '404',
  '500',
];

/** The console's API namespaces: every call of the console lies under one, and no addon's address may. */
export const CONSOLE_API_PREFIXES: readonly string[] = ['/user/admin/', '/admin/admin/'];

const CONSOLE_CALLS = new Set(ALL_CALLS.map((c) => c.path));

/** Whether `address` is an API address of the console itself (one of its calls, or in its namespaces). */
export const isConsoleAddress = (address: string): boolean => CONSOLE_CALLS.has(address) || CONSOLE_API_PREFIXES.some((prefix) => address.startsWith(prefix));

/** The console area a route or page lies in ('/org/report' → '/org'), or undefined when it is the addon's own. */
export function consoleAreaOf(route: string): string | undefined {
  const first = route.split('/')[1] ?? '';
  if (CONSOLE_AREAS.includes(first)) return `/${first}`;
  return SHELL_PAGES.find((p) => route === p || route.startsWith(`${p}/`) || p.startsWith(`${route}/`));
}

/**
 * Where a manifest takes what is the console's:
 * - `name`: the addon is named after a console area (`org`).
 * - `route`: one of its routes lies in a console area (`/system/report` in `/system`).
 * - `permission`: a page (or one of its buttons) grants an API address of the console
 *   (`/user/admin/member/list`): menus grant the console's calls through the console's own entries, and
 *   an addon's page that calls them is opened by those whose roles grant them (its menu entry grants
 *   only the addon's own addresses). `page` and `button` say where, `index` which of its permissions.
 */
export type ConsoleClash =
  | { kind: 'name'; name: string }
  | { kind: 'route'; route: string; area: string }
  | { kind: 'permission'; permission: string; page: number; button?: number; index: number };

/** Everything of the console a manifest takes, in the manifest's order; empty when it takes nothing. */
export function consoleClashes(m: Pick<AddonManifest, 'name' | 'routes' | 'pages'>): ConsoleClash[] {
  const clashes: ConsoleClash[] = [];
  if (CONSOLE_AREAS.includes(m.name)) clashes.push({ kind: 'name', name: m.name });
  for (const route of addonRoutes(m)) {
    const area = consoleAreaOf(route);
    if (area !== undefined) clashes.push({ kind: 'route', route, area });
  }
  for (const [page, p] of m.pages.entries()) {
    for (const [index, permission] of (p.permissions ?? []).entries()) {
      if (isConsoleAddress(permission)) clashes.push({ kind: 'permission', permission, page, index });
    }
    for (const [button, b] of (p.buttons ?? []).entries()) {
      for (const [index, permission] of b.permissions.entries()) {
        if (isConsoleAddress(permission)) clashes.push({ kind: 'permission', permission, page, button, index });
      }
    }
  }
  return clashes;
}
