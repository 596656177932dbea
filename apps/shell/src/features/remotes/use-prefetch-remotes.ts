import { useEffect, useMemo } from 'react';
import { type AdminMenuItem, type RemoteEntry } from '@uc/contracts';
import { loadRemoteRegistry, useAccess, useSession } from '@uc/client';
import { markConsoleSettled, whenIdle } from '../../lib/idle';
import { onNavigation } from '../../lib/navigation';
import { pathAllowed, routeTable } from '../../lib/route-access';
import { effectiveRemotes, prefetchPageData, prefetchRemotes } from './remote-runtime';
import { loadRemoteSwitch } from './remote-switch-chunk';

/** How long the layout waits at most for an idle moment before it prefetches the remotes. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

const menuPaths = (list: AdminMenuItem[]): string[] => list.flatMap((m) => [m.path, ...menuPaths(m.children)]).filter(Boolean);

/** The remotes the user can reach from their menu and the console runs: the others are not worth a byte. */
export function reachableRemotes(remotes: RemoteEntry[], menu: AdminMenuItem[]): RemoteEntry[] {
  const paths = menuPaths(menu);
  return remotes.filter((r) => r.refused.length === 0 && r.routes.some((prefix) => paths.some((p) => p === prefix || p.startsWith(`${prefix}/`))));
}

/**
 * Once the layout has rendered and the registry is known: on idle, prefetch every remote the menu
 * leads to (manifest, entry, route code), so a click on a menu entry waits for no code round trip.
 * Then the console counts as settled (the service worker's precache may start).
 */
export function usePrefetchRemotes(): void {
  const loaded = useSession((s) => s.remotesLoaded);
  const registry = useSession((s) => s.remotes);
  const menu = useSession((s) => s.adminMenu);
  const remotes = useMemo(() => reachableRemotes(effectiveRemotes(registry), menu), [registry, menu]);

  const map = useAccess();
  // On each navigation to a remote page, before React renders it: that page's data starts at once.
  useEffect(() => {
    onNavigation((pathname) => {
      const remote = remotes.find((r) => r.routes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)));
      if (remote && pathAllowed(pathname, map, routeTable(remotes))) prefetchPageData(remote, pathname);
    });
    return () => onNavigation(null);
  }, [remotes, map]);

  // After a sign-in through the form the page did not restart: the registry is asked for here.
  useEffect(() => {
    if (!loaded) void loadRemoteRegistry();
  }, [loaded]);
  useEffect(() => {
    if (!loaded) return undefined;
    return whenIdle(() => {
      // The shell's own chunk that hands a path to its remote (the router loads it lazily) comes along.
      void loadRemoteSwitch().catch(() => undefined);
      void prefetchRemotes(remotes).finally(markConsoleSettled);
    }, PREFETCH_IDLE_TIMEOUT_MS);
  }, [loaded, remotes]);
}
