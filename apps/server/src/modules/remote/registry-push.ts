import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant-scope';
import type { Session } from '../auth/access';
import { adminMenuTree, headerMenu } from '../menu/menu.tree';
import type { NoticeEvents } from '../notice/notice-events';
import { navigableMenus } from '../role/role-navigation.routes';

/** What changed for an open tab: the remote registry, or only the menus of the tab's user. */
export type RegistryChange = 'remotes' | 'menus';

/** Signals reach every open tab of a server at once: their reads are spread over this long (the shell then asks within it too). */
export const REGISTRY_SPREAD_MS = 1_000;

/** The side menu the shell asks for (role/antd/menu without `addon`). */
const SIDE_MENU_ADDON = 'ml.svc.user';

export interface RegistryWatch {
  db: Db;
  session: Session;
  events: NoticeEvents;
  /** Writes the change to the tab (the notice stream's `registry` event). */
  send: (changed: RegistryChange) => void;
  warn: (err: unknown, message: string) => void;
  spreadMs?: number;
  random?: () => number;
}

/**
 * Watches, for one open tab, what its console routes by, and says when it changed (registry events on
 * the notice stream, notice-stream.ts):
 *
 * - the remote registry: every write of it signals all servers (remote-events.ts), and each tells its
 *   tabs; so does a lost listening connection (anything may have changed meanwhile);
 * - the user's menus, as role/antd/menu and role/header answer them: menus, roles, grants and user
 *   roles are written under the auth epochs' triggers (drizzle/0020), which signal the tenant (or the
 *   platform, for menus); the menus are then read again in the user's tenant scope and the tab is told
 *   only when what it would be shown differs (a sign-out in the tenant changes nobody's menus).
 *
 * Returns the stopper. Reads are spread over `spreadMs` and merged while one is due.
 */
export function watchRegistry({ db, session, events, send, warn, spreadMs = REGISTRY_SPREAD_MS, random = Math.random }: RegistryWatch): () => void {
  const menusPrint = async (): Promise<string> => {
    const menus = await withTenant(db, session.tenantId, async (tx) => {
      const rows = await navigableMenus(tx, session);
      return { side: adminMenuTree(rows, SIDE_MENU_ADDON), header: headerMenu(rows) };
    });
    return createHash('sha256').update(JSON.stringify(menus)).digest('base64url');
  };

  let closed = false;
  let last: string | undefined;
  // What the tab was shown when it connected: later reads are compared with it.
  const baseline = menusPrint().then(
    (print) => void (last ??= print),
    (err: unknown) => warn(err, 'the registry watch could not read the menus'),
  );
  let remotesChanged = false;
  let menusToCheck = false;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const run = async () => {
    timer = undefined;
    if (closed) return;
    running = true;
    const remotes = remotesChanged;
    const menus = menusToCheck || remotes;
    remotesChanged = false;
    menusToCheck = false;
    try {
      // The registry changed: the tab asks for it and for its menus, which may lead elsewhere now.
      if (remotes) send('remotes');
      if (menus) {
        await baseline;
        const print = await menusPrint();
        const changed = print !== last;
        last = print;
        if (changed && !remotes && !closed) send('menus');
      }
    } catch (err) {
      warn(err, 'the registry watch could not read the menus');
    } finally {
      running = false;
      if (remotesChanged || menusToCheck) schedule();
    }
  };
  const schedule = () => {
    if (closed || timer || running) return;
    timer = setTimeout(() => void run(), Math.floor(random() * spreadMs));
    timer.unref();
  };

  const onRegistry = () => {
    remotesChanged = true;
    schedule();
  };
  // Tenant 0 is the platform-wide epoch (menus are platform rows); null: a payload nobody could read.
  const onAuth = (tenantId: number | null) => {
    if (tenantId !== null && tenantId !== 0 && tenantId !== session.tenantId) return;
    menusToCheck = true;
    schedule();
  };
  events.on('registry', onRegistry);
  events.on('resync', onRegistry);
  events.on('auth', onAuth);
  return () => {
    closed = true;
    clearTimeout(timer);
    events.off('registry', onRegistry);
    events.off('resync', onRegistry);
    events.off('auth', onAuth);
  };
}
