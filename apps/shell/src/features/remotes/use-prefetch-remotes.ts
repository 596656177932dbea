import { useCallback, useEffect, useMemo } from 'react';
import { type AdminMenuItem, type RemoteEntry } from '@uc/contracts';
import { loadRemoteRegistry, useAccess, useSession } from '@uc/client';
import { markConsoleSettled, whenIdle } from '../../lib/idle';
import { onNavigation } from '../../lib/navigation';
import { pathAllowed, routeTable } from '../../lib/route-access';
import { prefetchInTurn, type PrefetchSchedule } from './prefetch-in-turn';
import { effectiveRemotes, prefetchPageData, prefetchRemotes, remoteLoadsSettled } from './remote-runtime';
import { loadRemoteSwitch } from './remote-switch-chunk';

/** How long the layout waits at most for an idle moment before it prefetches the next remote. */
export const PREFETCH_IDLE_TIMEOUT_MS = 5000;
/**
 * How long the console stays quiet after the page's own remote has loaded before the first prefetch: the
 * page's data, its lazy parts and the user's first moves come first (its data answers within this on a
 * slow connection; a click meanwhile prefetches the entry pointed at, see usePrefetchIntent).
 */
export const PREFETCH_QUIET_MS = 5000;

const schedule: PrefetchSchedule = {
  idle: (task) => whenIdle(task, PREFETCH_IDLE_TIMEOUT_MS),
  after: (task, ms) => {
    const id = setTimeout(task, ms);
    return () => clearTimeout(id);
  },
};

const menuPaths = (list: AdminMenuItem[]): string[] => list.flatMap((m) => [m.path, ...menuPaths(m.children)]).filter(Boolean);

/** The remotes the user can reach from their menu and the console runs: the others are not worth a byte. */
export function reachableRemotes(remotes: RemoteEntry[], menu: AdminMenuItem[]): RemoteEntry[] {
  const paths = menuPaths(menu);
  return remotes.filter((r) => r.refused.length === 0 && r.routes.some((prefix) => paths.some((p) => p === prefix || p.startsWith(`${prefix}/`))));
}

/** The remote serving `pathname`, among `remotes`. */
const remoteFor = (remotes: RemoteEntry[], pathname: string) =>
  remotes.find((r) => r.routes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)));

/**
 * Once the layout has rendered, the registry is known and the page's own remote has loaded: the remotes
 * the menu leads to are prefetched (manifest, entry, route code) one at a time, each when the main thread
 * is idle (prefetch-in-turn.ts), so a click on a menu entry waits for no code round trip. Then the
 * console counts as settled (the service worker's precache may start).
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
      const remote = remoteFor(remotes, pathname);
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
    // The shell's own chunk that hands a path to its remote (the router loads it lazily) comes first.
    const items: (RemoteEntry | null)[] = [null, ...remotes];
    return prefetchInTurn(items, {
      pageLoaded: remoteLoadsSettled,
      prefetch: (remote) => (remote ? prefetchRemotes([remote]) : loadRemoteSwitch()),
      quietMs: PREFETCH_QUIET_MS,
      schedule,
      onDone: markConsoleSettled,
    });
  }, [loaded, remotes]);
}

/**
 * For the side menu: the remote of a menu entry the user points at (or of a group they open) is
 * prefetched at once, ahead of its turn, so the click that follows finds its code loaded.
 */
export function usePrefetchIntent(): (path: string) => void {
  const registry = useSession((s) => s.remotes);
  const menu = useSession((s) => s.adminMenu);
  const remotes = useMemo(() => reachableRemotes(effectiveRemotes(registry), menu), [registry, menu]);
  return useCallback(
    (path: string) => {
      const remote = remoteFor(remotes, path);
      if (remote) void prefetchRemotes([remote]);
    },
    [remotes],
  );
}
