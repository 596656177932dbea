import { type CallContract, adminMenuCall, headerMenuCall, memberInfoCall, remotesCall, siteConfigCall, type RemoteEntry } from '@uc/contracts';
import { isLoginPath, redirectTarget } from './login-paths';
import { ApiError } from '../api/api-error';
import { initSession, logout, refreshRegistryAndMenus, refreshUser, resetSessionForTests, retryMenus, useSession } from './session-store';
import { setNavigator } from './navigator';

const mockCall = jest.fn();
jest.mock('../api/api-client', () => ({ call: (...args: unknown[]) => mockCall(...args) }));

const siteConfig = { basicCopyright: '', basicIcpCode: '', siteName: 'UC', offline: false };
const user = { id: 1, username: 'admin', realName: 'Admin', avatar: '', tenantId: 1, tenantName: 'Platform', isSuperAdmin: true, roles: [], permissions: [] };

function serve(responses: Map<CallContract, unknown>) {
  mockCall.mockImplementation(async (contract: CallContract) => {
    const value = responses.get(contract);
    if (value instanceof Error) throw value;
    return value;
  });
}
const calledPaths = () => mockCall.mock.calls.map(([c]) => (c as CallContract).path);

beforeEach(() => {
  mockCall.mockReset();
  resetSessionForTests();
});

describe('initSession', () => {
  it('loads site config, then the current user, then the menus', async () => {
    serve(
      new Map<CallContract, unknown>([
        [siteConfigCall, siteConfig],
        [memberInfoCall, user],
        [adminMenuCall, { list: [{ id: 1 }] }],
        [headerMenuCall, { list: [] }],
      ]),
    );
    await initSession('/user/web/dashboard');
    expect(calledPaths()).toEqual([siteConfigCall.path, memberInfoCall.path, adminMenuCall.path, headerMenuCall.path]);
    expect(mockCall.mock.calls[0]?.[1]).toMatchObject({ skipErrorHandler: true });
    expect(mockCall.mock.calls[1]?.[1]).toMatchObject({ skipErrorHandler: true });
    const state = useSession.getState();
    expect(state).toMatchObject({ status: 'ready', siteConfig, currentUser: user, adminMenu: [{ id: 1 }] });
  });

  it('asks for no menu when the current-user fetch fails', async () => {
    serve(
      new Map<CallContract, unknown>([
        [siteConfigCall, siteConfig],
        [memberInfoCall, new Error('61')],
      ]),
    );
    await initSession('/user/web/org/user');
    expect(calledPaths()).toEqual([siteConfigCall.path, memberInfoCall.path]);
    expect(useSession.getState()).toMatchObject({ status: 'ready', currentUser: null });
  });

  it('skips the current user on login pages', async () => {
    serve(new Map<CallContract, unknown>([[siteConfigCall, siteConfig]]));
    await initSession('/user/web/user/login');
    expect(calledPaths()).toEqual([siteConfigCall.path]);
  });

  it('still starts when the site config fails', async () => {
    serve(
      new Map<CallContract, unknown>([
        [siteConfigCall, new Error('down')],
        [memberInfoCall, new Error('61')],
      ]),
    );
    await initSession('/user/web/dashboard');
    expect(useSession.getState()).toMatchObject({ status: 'ready', siteConfig: null });
  });

  it('runs once even when asked twice', async () => {
    serve(new Map<CallContract, unknown>([[siteConfigCall, siteConfig]]));
    await Promise.all([initSession('/user/web/user/login'), initSession('/user/web/user/login')]);
    expect(mockCall).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  it('clears the user and replaces the page with the logout route', async () => {
    const navigate = jest.fn();
    setNavigator(navigate);
    useSession.setState({ currentUser: user });
    await logout();
    expect(useSession.getState().currentUser).toBeNull();
    expect(navigate).toHaveBeenCalledWith(`/user/logout?redirect=${encodeURIComponent(window.location.href)}`, { replace: true });
    setNavigator(null);
  });
});

describe('login paths', () => {
  it('recognises the pages outside the layout', () => {
    expect(isLoginPath('/user/web/user/login')).toBe(true);
    expect(isLoginPath('/user/reg')).toBe(true);
    expect(isLoginPath('/user/web/dashboard')).toBe(false);
    expect(isLoginPath('/user/web/user')).toBe(false);
  });

  it('sends a signed-in user back where they came from, inside the console only', () => {
    const origin = 'http://uc.test';
    expect(redirectTarget(null, origin)).toBe('/dashboard');
    expect(redirectTarget('http://uc.test/user/web/org/user?x=1', origin)).toBe('/org/user?x=1');
    expect(redirectTarget('http://evil.test/user/web/org/user', origin)).toBe('/dashboard');
    expect(redirectTarget('http://uc.test/user/web/user/login', origin)).toBe('/dashboard');
  });
});

describe('a failed menu read', () => {
  const busy = () => new ApiError('服务器正忙，请稍后再试', 'business', -1, 503);

  it('records why in the store, shows no toast of its own, and a retry asks again for that menu only', async () => {
    serve(
      new Map<CallContract, unknown>([
        [siteConfigCall, siteConfig],
        [memberInfoCall, user],
        [adminMenuCall, { list: [{ id: 1 }] }],
        [headerMenuCall, busy()],
      ]),
    );
    await initSession('/org/user');
    expect(useSession.getState()).toMatchObject({
      status: 'ready',
      adminMenu: [{ id: 1 }],
      adminMenuError: null,
      headerMenu: [],
      headerMenuError: '服务器正忙，请稍后再试',
    });
    // Silent: the layout shows the failure where the menu would be (a session that ended still asks to sign in).
    expect(mockCall.mock.calls.find(([c]) => c === headerMenuCall)?.[1]).toMatchObject({ showType: 0 });

    mockCall.mockReset();
    serve(new Map<CallContract, unknown>([[headerMenuCall, { list: [{ title: 'Org', path: '/org' }] }]]));
    await retryMenus();
    expect(calledPaths()).toEqual([headerMenuCall.path]);
    expect(useSession.getState()).toMatchObject({ adminMenu: [{ id: 1 }], headerMenu: [{ title: 'Org', path: '/org' }], headerMenuError: null });
  });

  it('a refresh that answers clears the failure; one that fails again keeps it', async () => {
    useSession.setState({ currentUser: user, adminMenuError: 'down', headerMenuError: 'down' });
    serve(
      new Map<CallContract, unknown>([
        [remotesCall, []],
        [adminMenuCall, busy()],
        [headerMenuCall, { list: [] }],
      ]),
    );
    await refreshRegistryAndMenus();
    expect(useSession.getState()).toMatchObject({ adminMenuError: 'down', headerMenuError: null });
  });
});

describe('refreshUser', () => {
  const menus = (m: Map<CallContract, unknown>) => m.set(adminMenuCall, { list: [] }).set(headerMenuCall, { list: [] });

  it('shows a changed user at once', async () => {
    useSession.setState({ currentUser: user });
    serve(menus(new Map<CallContract, unknown>([[memberInfoCall, { ...user, realName: 'Renamed' }]])));
    await refreshUser();
    expect(useSession.getState().currentUser?.realName).toBe('Renamed');
  });

  it('keeps the known user when the read fails for another reason than the session', async () => {
    useSession.setState({ currentUser: user });
    serve(menus(new Map<CallContract, unknown>([[memberInfoCall, new ApiError('network', 'network', -1)]])));
    await refreshUser();
    expect(useSession.getState().currentUser).toEqual(user);
  });

  it('drops the user when the session is over (61)', async () => {
    useSession.setState({ currentUser: user });
    serve(new Map<CallContract, unknown>([[memberInfoCall, new ApiError('登录超时', 'business', 61)]]));
    await refreshUser();
    expect(useSession.getState().currentUser).toBeNull();
  });
});

describe('refreshRegistryAndMenus', () => {
  const remote = (name: string, version: string): RemoteEntry => ({
    name,
    entry: `/user/web/remotes/${name}/${version}/mf-manifest.json`,
    version,
    routes: [`/${name}`],
    title: {},
    icon: '',
    pages: [],
    refused: [],
  });
  const org1 = remote('org', '1');
  const menu = (path: string) => ({ list: [{ id: 1, path, children: [] }] });

  it('asks the registry and both menus together and stores them at once, with the time the registry answered', async () => {
    useSession.setState({ currentUser: user, remotes: [org1], adminMenu: [], headerMenu: [] });
    const addon = remote('addon', '1');
    serve(
      new Map<CallContract, unknown>([
        [remotesCall, [org1, addon]],
        [adminMenuCall, menu('/addon/hello')],
        [headerMenuCall, { list: [] }],
      ]),
    );
    const states: unknown[] = [];
    const unsubscribe = useSession.subscribe((s) => states.push(s));
    const before = Date.now();
    await expect(refreshRegistryAndMenus()).resolves.toEqual([org1, addon]);
    unsubscribe();
    expect(states).toHaveLength(1);
    expect(useSession.getState()).toMatchObject({ remotes: [org1, addon], adminMenu: menu('/addon/hello').list, remotesLoaded: true });
    expect(useSession.getState().remotesAt).toBeGreaterThanOrEqual(before);
    expect(calledPaths().sort()).toEqual([adminMenuCall.path, headerMenuCall.path, remotesCall.path].sort());
    for (const [, options] of mockCall.mock.calls) expect(options).toMatchObject({ skipErrorHandler: true });
  });

  it('keeps what the store had when a read fails, and the objects it had when nothing changed', async () => {
    const adminMenu = menu('/org/user').list as never;
    const remotes = [org1];
    useSession.setState({ currentUser: user, remotes, adminMenu, headerMenu: [], remotesAt: 0 });
    serve(
      new Map<CallContract, unknown>([
        [remotesCall, [{ ...org1 }]],
        [adminMenuCall, new ApiError('network', 'network', -1)],
        [headerMenuCall, new ApiError('network', 'network', -1)],
      ]),
    );
    await refreshRegistryAndMenus();
    const state = useSession.getState();
    expect(state.remotes).toBe(remotes);
    expect(state.adminMenu).toBe(adminMenu);
    expect(state.remotesAt).toBeGreaterThan(0);

    serve(new Map<CallContract, unknown>([[remotesCall, new ApiError('network', 'network', -1)]]));
    await expect(refreshRegistryAndMenus()).resolves.toBe(remotes);
    expect(useSession.getState().remotes).toBe(remotes);
  });

  it('asks for no menu when nobody is signed in, and shares a refresh already on its way', async () => {
    serve(new Map<CallContract, unknown>([[remotesCall, [org1]]]));
    await Promise.all([refreshRegistryAndMenus(), refreshRegistryAndMenus()]);
    expect(calledPaths()).toEqual([remotesCall.path]);
    expect(useSession.getState().remotes).toEqual([org1]);
  });
});
