import { Spin } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { areaOf, type AdminMenuItem, type RemoteEntry } from '@uc/contracts';
import { getLocale, loadRemoteRegistry, useAccess, useI18nStore, useSession } from '@uc/client';
import { pathAllowed, routeTable } from '../../lib/route-access';
import { menuText } from '../../components/menu-text';
import { isOffline, usePwa } from '../../pwa/pwa-store';
import { OfflineResult } from './offline-result';
import { RemoteOutlet } from './remote-outlet';
import { RemoteRefusedResult } from './remote-refused-result';
import { effectiveRemotes, readyRoutes } from './remote-runtime';
import { refreshRegistry, registryStale } from './registry-refresh';

const servesPath = (remote: RemoteEntry, pathname: string) => remote.routes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

function findMenu(list: AdminMenuItem[], path: string): AdminMenuItem | undefined {
  for (const m of list) {
    if (m.path === path) return m;
    const hit = findMenu(m.children, path);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The name users know a module by: its declared title (组织管理) in the reader's language, else its area's
 * menu entry, else its id. A remote serving several areas (home: 个人中心 and 仪表盘) is named by the
 * menu entry of the area the page is in, so a dashboard page never says it is loading 个人中心.
 */
export function moduleNameOf(remote: RemoteEntry, menu: AdminMenuItem[], pathname: string): string {
  const here = remote.routes.length > 1 ? findMenu(menu, areaOf(pathname)) : undefined;
  if (here) return menuText(here);
  const locale = getLocale();
  const declared = remote.title[locale] ?? remote.title[locale.startsWith('zh') ? 'zh-CN' : 'en-US'];
  if (declared) return declared;
  for (const prefix of remote.routes) {
    const item = findMenu(menu, areaOf(prefix));
    if (item) return menuText(item);
  }
  return remote.name;
}

/** Whether the user's menu leads to the path (or to an area above it). */
const menuLeadsTo = (list: AdminMenuItem[], pathname: string): boolean =>
  list.some((m) => (!!m.path && (pathname === m.path || pathname.startsWith(`${m.path}/`))) || menuLeadsTo(m.children, pathname));

/**
 * Offline, a path no known remote claims is not proven unknown: the registry may not have arrived
 * (it failed with the network) or the menu leads there. Only a path neither knows is a 404 offline.
 */
export function offlineNotFound(remotes: RemoteEntry[], menu: AdminMenuItem[], pathname: string): boolean {
  return remotes.length === 0 || menuLeadsTo(menu, pathname);
}

/**
 * Hands a path to the remote whose prefix claims it, or shows `notFound` (or `forbidden` when the
 * access map closes it). The registry it routes by is pushed by the server when it changes
 * (registry-push.ts), asked again (with the menus) before a path is called unknown, and, while the push
 * stream is down, on a navigation once it is a while old, so a remote installed, updated or redeployed
 * since the page loaded opens without a reload.
 */
export default function RemoteSwitch({ notFound, forbidden }: { notFound: ReactNode; forbidden: ReactNode }) {
  const { pathname } = useLocation();
  const registry = useSession((s) => s.remotes);
  const loaded = useSession((s) => s.remotesLoaded);
  const menu = useSession((s) => s.adminMenu);
  const map = useAccess();
  useI18nStore((s) => s.locale);
  const offline = usePwa((s) => s.offline) || isOffline();
  const [retrying, setRetrying] = useState(false);
  // The path that could not be opened offline: it keeps saying so, once back online too, until a retry.
  const [offlineAt, setOfflineAt] = useState<string | null>(null);
  // The path for which the registry was asked again, online, before calling it unknown.
  const [checkedAt, setCheckedAt] = useState<string | null>(null);
  const remotes = useMemo(() => effectiveRemotes(registry), [registry]);

  useEffect(() => {
    if (!loaded) void loadRemoteRegistry();
  }, [loaded]);

  const current = remotes.find((r) => servesPath(r, pathname));
  // The version on screen stays until the next navigation: a redeploy or an update pushed while the user
  // works in a page (a form half filled) does not swap it under them. The next navigation, or a failure
  // of the version on screen, takes the one the registry names. Versions coexist in the page (each has
  // its own federation container), so the old one keeps running meanwhile.
  const [onScreen, setOnScreen] = useState<{ pathname: string; remote: RemoteEntry } | null>(null);
  let remote = current;
  if (
    current &&
    onScreen &&
    onScreen.pathname === pathname &&
    onScreen.remote.name === current.name &&
    onScreen.remote.entry !== current.entry &&
    readyRoutes(onScreen.remote)
  )
    remote = onScreen.remote;
  if (remote && (onScreen?.pathname !== pathname || onScreen.remote.entry !== remote.entry)) setOnScreen({ pathname, remote });
  // No remote claims the path, but the registry may be missing (it failed) or the menu leads there.
  const doubtful = !remote && loaded && offlineNotFound(remotes, menu, pathname);
  const showOffline = doubtful && (offline || offlineAt === pathname);
  if (doubtful && offline && offlineAt !== pathname) setOfflineAt(pathname);

  // Online, a path no remote claims is not called unknown before the registry and the menus were
  // asked once more (DESIGN.md section 3): an addon installed since the page loaded opens at once.
  const recheck = !remote && loaded && !offline && !showOffline && checkedAt !== pathname;
  useEffect(() => {
    if (!recheck) return undefined;
    let live = true;
    void refreshRegistry().finally(() => live && setCheckedAt(pathname));
    return () => {
      live = false;
    };
  }, [recheck, pathname]);

  // Only while the push stream is down (registryStale): a navigation once the registry is a while old
  // asks, in the background, whether a remote was redeployed or updated (a version that is gone fails,
  // and its boundary asks at once).
  useEffect(() => {
    if (loaded && !isOffline() && registryStale()) void refreshRegistry();
  }, [pathname, loaded]);

  if (showOffline) {
    // The registry is asked again; once it names the remote, the page loads as usual.
    const retry = () => {
      setRetrying(true);
      void refreshRegistry({ force: true }).finally(() => {
        setRetrying(false);
        if (!isOffline()) {
          setCheckedAt(pathname);
          setOfflineAt(null);
        }
      });
    };
    return <OfflineResult onRetry={retry} retrying={retrying} />;
  }
  if (!remote) return loaded && !recheck ? <>{notFound}</> : <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (!pathAllowed(pathname, map, routeTable(remotes))) return <>{forbidden}</>;
  // A version the registry refuses (it needs a strict shared library in a version the console does not
  // run) is never loaded: its pages say why. A version already on screen stays until the next navigation.
  if (remote.refused.length > 0) return <RemoteRefusedResult moduleName={moduleNameOf(remote, menu, pathname)} refused={remote.refused} />;
  return (
    <RemoteOutlet key={remote.name} remote={remote} moduleName={moduleNameOf(remote, menu, pathname)} notFound={notFound} onFailure={() => setOnScreen(null)} />
  );
}
