import { create } from 'zustand';
import { registerMissingMessages } from '../i18n/i18n-store';
import { call } from '../api/api-client';
import { ApiError, ErrorShowType } from '../api/api-error';
import {
  ResultCode,
  type CurrentUser,
  memberInfoCall,
  adminMenuCall,
  areaOf,
  headerMenuCall,
  menuLocaleOf,
  type AdminMenuItem,
  type HeaderMenuItem,
  remotesCall,
  siteConfigCall,
  type RemoteEntry,
  type SiteConfig,
} from '@uc/contracts';
import { isLoginPath } from './login-paths';
import { navigate } from './navigator';
import { StorageKey, setAccessToken, writeStorage } from './storage-keys';

export interface SessionState {
  /** `ready` once the start sequence has finished, with or without a user. */
  status: 'idle' | 'loading' | 'ready';
  siteConfig: SiteConfig | null;
  currentUser: CurrentUser | null;
  adminMenu: AdminMenuItem[];
  headerMenu: HeaderMenuItem[];
  /**
   * Why the last read of the side menu (role/antd/menu) or of the header menus (role/header) failed,
   * in the reader's language; null once it answered. The layout shows it with a retry (retryMenus)
   * instead of an empty menu that says nothing.
   */
  adminMenuError: string | null;
  headerMenuError: string | null;
  remotes: RemoteEntry[];
  /** Whether the remote registry has been asked for (it may have failed: then `remotes` stays empty). */
  remotesLoaded: boolean;
  /** When the registry last answered (ms since the epoch), 0 before it has: how old the page's idea of the remotes is. */
  remotesAt: number;
  /**
   * Set by `logout()` until the logout route has ended the server session. Guards read it so the
   * vanishing user does not bounce them to the login page first (the router updates in a transition,
   * after the store).
   */
  signingOut: boolean;
}

const initialState: SessionState = {
  status: 'idle',
  siteConfig: null,
  currentUser: null,
  adminMenu: [],
  headerMenu: [],
  adminMenuError: null,
  headerMenuError: null,
  remotes: [],
  remotesLoaded: false,
  remotesAt: 0,
  signingOut: false,
};

export const useSession = create<SessionState>()(() => ({ ...initialState }));

/** The signed-in user (member/info), or what `onFailure` makes of a failed read. */
async function fetchCurrentUser(onFailure: (error: unknown) => CurrentUser | null): Promise<CurrentUser | null> {
  try {
    return await call(memberInfoCall, { skipErrorHandler: true });
  } catch (error) {
    return onFailure(error);
  }
}

/** Whether a refusal says the session is over (signed out, expired, or the tenant's licence ended). */
const sessionOver = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === ResultCode.loginTimeout || error.code === ResultCode.noLicence || error.status === 401);

const failureOf = (reason: unknown): string => (reason instanceof Error && reason.message ? reason.message : String(reason));

/**
 * The side menu and the header menus of the signed-in user (both, or the ones named). A failed read
 * empties that menu (it may have been another user's) and records why, for the layout to show with a
 * retry; the call itself shows nothing more, except what a session that ended always shows.
 */
async function loadMenus(which: { admin: boolean; header: boolean } = { admin: true, header: true }): Promise<void> {
  const [admin, header] = await Promise.allSettled([
    which.admin ? call(adminMenuCall, { query: {}, showType: ErrorShowType.silent }) : Promise.resolve(null),
    which.header ? call(headerMenuCall, { showType: ErrorShowType.silent }) : Promise.resolve(null),
  ]);
  const next: Partial<SessionState> = {};
  if (which.admin) {
    next.adminMenu = admin.status === 'fulfilled' && admin.value ? admin.value.list : [];
    next.adminMenuError = admin.status === 'rejected' ? failureOf(admin.reason) : null;
  }
  if (which.header) {
    next.headerMenu = header.status === 'fulfilled' && header.value ? header.value.list : [];
    next.headerMenuError = header.status === 'rejected' ? failureOf(header.reason) : null;
  }
  useSession.setState(next);
}

/** Asks again for the menus whose last read failed (the layout's retry). Never rejects. */
export function retryMenus(): Promise<void> {
  const { adminMenuError, headerMenuError } = useSession.getState();
  return loadMenus({ admin: adminMenuError !== null, header: headerMenuError !== null });
}

function setUser(user: CurrentUser | null): void {
  writeStorage(StorageKey.currentUser, user ? JSON.stringify(user) : null);
  useSession.setState({ currentUser: user });
}

let started: Promise<void> | null = null;

/**
 * The start sequence of spec section 4: site config first, then the current user unless this is a
 * login page, then the menus only if a user exists. Runs once; later callers share the same promise.
 */
export function initSession(pathname = globalThis.location?.pathname ?? '/'): Promise<void> {
  started ??= (async () => {
    useSession.setState({ status: 'loading' });
    try {
      const siteConfig = await call(siteConfigCall, { skipErrorHandler: true });
      writeStorage(StorageKey.currentConfig, JSON.stringify(siteConfig));
      useSession.setState({ siteConfig });
    } catch {
      /* the console still works with the default footer */
    }
    if (!isLoginPath(pathname)) {
      // At start a failed read means nobody is signed in (spec section 4), not an error to show.
      const user = await fetchCurrentUser(() => null);
      setUser(user);
      if (user) await loadMenus();
    }
    useSession.setState({ status: 'ready' });
  })();
  return started;
}

/**
 * After a sign-in or a change to the account: the user and their menus, as the start sequence would
 * have loaded them. A failure that says nothing about the session (network, a busy server) keeps the
 * user already known: the header must not look signed out after a save because one read failed.
 */
export async function refreshUser(): Promise<CurrentUser | null> {
  const user = await fetchCurrentUser((error) => (sessionOver(error) ? null : useSession.getState().currentUser));
  setUser(user);
  if (user) await loadMenus();
  useSession.setState({ status: 'ready' });
  return user;
}

let registryLoading: Promise<RemoteEntry[]> | null = null;

/**
 * The remote registry; an unreachable registry leaves the console without remotes, nothing worse.
 * Callers while a request is on its way share it (start-up, the layout and the remote switch all ask).
 */
export function loadRemoteRegistry(): Promise<RemoteEntry[]> {
  registryLoading ??= (async () => {
    try {
      const remotes = await call(remotesCall, { skipErrorHandler: true });
      registerRemoteTitles(remotes);
      useSession.setState({ remotes, remotesLoaded: true, remotesAt: Date.now() });
      return remotes;
    } catch {
      useSession.setState({ remotesLoaded: true });
      return useSession.getState().remotes;
    } finally {
      registryLoading = null;
    }
  })();
  return registryLoading;
}

/** The same answer again keeps the store's objects, so an unchanged refresh renders nothing. */
const sameAs = <T>(old: T, fresh: T): T => (JSON.stringify(old) === JSON.stringify(fresh) ? old : fresh);

let refreshing: Promise<RemoteEntry[]> | null = null;

/**
 * The registry and the signed-in user's menus, asked again together: what the shell does when an
 * address has no remote or a remote's version is gone (DESIGN.md section 3), so an addon installed or
 * a remote redeployed since the page loaded opens without a reload. Both land in the store at once,
 * so a new page is never routed before the menu that grants it. A read that fails keeps what the
 * store had (a refresh in the background must not empty the console); errors are not shown, the
 * caller decides. Callers while a refresh is on its way share it. Never rejects.
 */
export function refreshRegistryAndMenus(): Promise<RemoteEntry[]> {
  refreshing ??= (async () => {
    const signedIn = useSession.getState().currentUser !== null;
    const [registry, admin, header] = await Promise.allSettled([
      call(remotesCall, { skipErrorHandler: true }),
      signedIn ? call(adminMenuCall, { query: {}, skipErrorHandler: true }) : Promise.resolve(null),
      signedIn ? call(headerMenuCall, { skipErrorHandler: true }) : Promise.resolve(null),
    ]);
    const now = useSession.getState();
    const next: Partial<SessionState> = { remotesLoaded: true };
    if (registry.status === 'fulfilled' && Array.isArray(registry.value)) {
      registerRemoteTitles(registry.value);
      next.remotes = sameAs(now.remotes, registry.value);
      next.remotesAt = Date.now();
    }
    if (admin.status === 'fulfilled' && admin.value) {
      next.adminMenu = sameAs(now.adminMenu, admin.value.list);
      next.adminMenuError = null;
    }
    if (header.status === 'fulfilled' && header.value) {
      next.headerMenu = sameAs(now.headerMenu, header.value.list);
      next.headerMenuError = null;
    }
    useSession.setState(next);
    return useSession.getState().remotes;
  })()
    .catch(() => useSession.getState().remotes)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Forgets the user locally; the server session is ended by the logout route. */
export function clearSession(): void {
  setAccessToken(null);
  setUser(null);
  useSession.setState({ adminMenu: [], headerMenu: [], adminMenuError: null, headerMenuError: null, signingOut: false });
}

/** Spec section 4: clear the current user and go to the logout route with replace. */
export async function logout(): Promise<void> {
  const redirect = globalThis.location?.href ?? '';
  useSession.setState({ signingOut: true });
  setUser(null);
  await navigate(`/user/logout?redirect=${encodeURIComponent(redirect)}`, { replace: true });
}

export function resetSessionForTests(): void {
  started = null;
  refreshing = null;
  useSession.setState({ ...initialState });
}

/**
 * The menu texts a remote declares (its title and its pages' titles per locale), for menu entries
 * the server created from that declaration: a new remote's menu reads in every language it declares
 * without a line in the shell's tables.
 */
export function registerRemoteTitles(remotes: readonly RemoteEntry[]): void {
  const byLocale = new Map<string, Record<string, string>>();
  const add = (key: string, titles: Record<string, string>) => {
    for (const [locale, text] of Object.entries(titles)) byLocale.set(locale, { ...byLocale.get(locale), [key]: text });
  };
  for (const remote of remotes) {
    const first = remote.pages[0];
    if (first) add(menuLocaleOf(areaOf(first.path)), remote.title);
    for (const page of remote.pages) add(menuLocaleOf(page.path), page.title);
  }
  for (const [locale, table] of byLocale) registerMissingMessages(locale, table);
}
