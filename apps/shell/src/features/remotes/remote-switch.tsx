import { Spin } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { hasMessage, loadRemoteRegistry, t, useAccess, useI18nStore, useSession, type AdminMenuItem, type RemoteEntry } from '@uc/shared';
import { pathAllowed } from '../../app/route-access';
import { menuText } from '../../components/menu-text';
import { RemoteOutlet } from './remote-outlet';
import { effectiveRemotes, registerRegistry } from './remote-runtime';

const servesPath = (remote: RemoteEntry, pathname: string) =>
  remote.routes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

function findMenu(list: AdminMenuItem[], path: string): AdminMenuItem | undefined {
  for (const m of list) {
    if (m.path === path) return m;
    const hit = findMenu(m.children, path);
    if (hit) return hit;
  }
  return undefined;
}

/** The name users know a module by: its menu entry (组织管理), else a table entry, else its id. */
function moduleNameOf(remote: RemoteEntry, menu: AdminMenuItem[]): string {
  for (const prefix of remote.routes) {
    const item = findMenu(menu, prefix);
    if (item) return menuText(item);
  }
  const key = `remote.module.${remote.name}`;
  return hasMessage(key) ? t(key) : remote.name;
}

/** Hands a path to the remote whose prefix claims it, or shows `notFound` (or `forbidden` when the access map closes it). */
export default function RemoteSwitch({ notFound, forbidden }: { notFound: ReactNode; forbidden: ReactNode }) {
  const { pathname } = useLocation();
  const registry = useSession((s) => s.remotes);
  const loaded = useSession((s) => s.remotesLoaded);
  const menu = useSession((s) => s.adminMenu);
  const map = useAccess();
  useI18nStore((s) => s.locale);
  const remotes = useMemo(() => effectiveRemotes(registry), [registry]);

  useEffect(() => {
    if (!loaded) void loadRemoteRegistry();
  }, [loaded]);
  useEffect(() => registerRegistry(remotes), [remotes]);

  const remote = remotes.find((r) => servesPath(r, pathname));
  if (!remote) return loaded ? <>{notFound}</> : <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (!pathAllowed(pathname, map)) return <>{forbidden}</>;
  return <RemoteOutlet key={remote.name} remote={remote} moduleName={moduleNameOf(remote, menu)} notFound={notFound} />;
}
