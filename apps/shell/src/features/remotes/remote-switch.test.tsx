import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { type RemoteEntry } from '@uc/contracts';
import { loadRemoteRegistry, refreshRegistryAndMenus, setLocale, useSession } from '@uc/client';
import { registerShellMessages } from '../../locales';
import { usePwa } from '../../pwa/pwa-store';
import RemoteSwitch, { moduleNameOf, offlineNotFound } from './remote-switch';
import { REGISTRY_MAX_AGE_MS, resetRegistryRefreshForTests } from './registry-refresh';
import { testMenuItem } from '@uc/testing';

jest.mock('@uc/client', () => ({
  ...jest.requireActual('@uc/client'),
  loadRemoteRegistry: jest.fn(),
  refreshRegistryAndMenus: jest.fn(),
  useAccess: () => ({}),
}));
jest.mock('../../lib/route-access', () => ({ pathAllowed: () => true, routeTable: () => [] }));
/** Entries whose routes have loaded (the version on screen has rendered). */
const loaded = new Set<string>();
jest.mock('./remote-runtime', () => ({ effectiveRemotes: (r: unknown) => r, readyRoutes: (r: RemoteEntry) => (loaded.has(r.entry) ? [] : undefined) }));
jest.mock('./remote-outlet', () => ({
  RemoteOutlet: ({ remote, onFailure }: { remote: RemoteEntry; onFailure?: () => void }) => (
    <>
      <p>remote {remote.name}</p>
      <span data-testid="version">{remote.version}</span>
      <button onClick={onFailure}>fail</button>
    </>
  ),
}));
let streamOpen = false;
jest.mock('../../lib/console-stream', () => ({ consoleStreamOpen: () => streamOpen }));
const mockRegistry = loadRemoteRegistry as jest.MockedFunction<typeof loadRemoteRegistry>;
const mockRefresh = refreshRegistryAndMenus as jest.MockedFunction<typeof refreshRegistryAndMenus>;
/** The server's registry, asked again, names `list` (and the store takes it, as the session store does). */
const serverNames = (list: RemoteEntry[]) =>
  mockRefresh.mockImplementation(async () => {
    useSession.setState({ remotes: list });
    return list;
  });

const org: RemoteEntry = {
  name: 'org',
  entry: '/user/web/remotes/org/1/mf-manifest.json',
  version: '1',
  routes: ['/org'],
  title: {},
  icon: '',
  pages: [],
  refused: [],
};
const menuItem = testMenuItem;
const menu = [menuItem('/org', [menuItem('/org/user')])];

/** A link's navigation, from outside the switch. */
let go: (path: string) => void = () => undefined;
function Navigator() {
  const navigate = useNavigate();
  go = (path) => void navigate(path);
  return null;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <RemoteSwitch notFound={<p>not found</p>} forbidden={<p>forbidden</p>} />
    </MemoryRouter>,
  );

beforeAll(() => registerShellMessages());
beforeEach(() => {
  setLocale('zh-CN');
  mockRegistry.mockReset();
  mockRefresh.mockReset();
  mockRefresh.mockImplementation(async () => useSession.getState().remotes);
  resetRegistryRefreshForTests();
  loaded.clear();
  streamOpen = false;
  usePwa.setState({ offline: false });
  useSession.setState({ remotes: [], remotesLoaded: true, remotesAt: 0, adminMenu: menu });
});

describe('RemoteSwitch offline', () => {
  it('tells what offline cannot prove unknown from a path nothing knows', () => {
    expect(offlineNotFound([], [], '/anything')).toBe(true);
    expect(offlineNotFound([org], menu, '/org/user/5')).toBe(true);
    expect(offlineNotFound([org], menu, '/nowhere')).toBe(false);
  });

  it('online, a path no remote claims is the 404 page once the registry, asked again, does not name it either', async () => {
    serverNames([]);
    renderAt('/org/user');
    expect(await screen.findByText('not found')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalledTimes(1);
  });

  it('online, a registry that failed earlier is asked again before any 404: the page loads', async () => {
    serverNames([org]);
    renderAt('/org/user');
    expect(await screen.findByText('remote org')).toBeInTheDocument();
    expect(screen.queryByText('not found')).not.toBeInTheDocument();
  });

  it('opens an addon installed since the page loaded, without a reload: the registry and menus are asked first', async () => {
    useSession.setState({ remotes: [org] });
    const addon: RemoteEntry = { ...org, name: 'addon', entry: '/user/web/remotes/addon/1/mf-manifest.json', routes: ['/addon'] };
    serverNames([org, addon]);
    renderAt('/addon/hello');
    expect(screen.queryByText('not found')).not.toBeInTheDocument();
    expect(await screen.findByText('remote addon')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalledTimes(1);
  });

  it('calls a path nobody knows unknown after one refresh, and asks no more than once per few seconds', async () => {
    useSession.setState({ remotes: [org] });
    const first = renderAt('/nowhere');
    expect(await screen.findByText('not found')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalledTimes(1);
    first.unmount();
    renderAt('/elsewhere');
    expect(await screen.findByText('not found')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalledTimes(1);
  });

  it('on a navigation with an old registry, shows the page at once and asks the registry again in the background', async () => {
    useSession.setState({ remotes: [org], remotesAt: Date.now() - REGISTRY_MAX_AGE_MS - 1000 });
    renderAt('/org/user');
    expect(screen.getByText('remote org')).toBeInTheDocument();
    await waitFor(() => expect(mockRefresh).toHaveBeenCalledTimes(1));
  });

  it('with the push stream open, a navigation never asks on a timer, however old the registry', async () => {
    streamOpen = true;
    useSession.setState({ remotes: [org], remotesAt: Date.now() - REGISTRY_MAX_AGE_MS * 10 });
    renderAt('/org/user');
    expect(screen.getByText('remote org')).toBeInTheDocument();
    act(() => go('/org/dept'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(mockRefresh).not.toHaveBeenCalled();
  });

  it('does not ask again on a navigation while the registry is recent', async () => {
    useSession.setState({ remotes: [org], remotesAt: Date.now() });
    renderAt('/org/user');
    expect(screen.getByText('remote org')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(mockRefresh).not.toHaveBeenCalled();
  });

  it('offline without the registry: "the network is down", not 404; a retry once online loads the page', async () => {
    usePwa.setState({ offline: true });
    renderAt('/org/user');
    expect(screen.getByTestId('offline-result')).toHaveTextContent('网络已断开');
    expect(screen.queryByText('not found')).not.toBeInTheDocument();

    // Back online: it keeps saying what happened until the retry, rather than turning into a 404.
    act(() => usePwa.setState({ offline: false }));
    expect(screen.getByTestId('offline-result')).toBeInTheDocument();
    serverNames([org]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /重\s*试/ })));
    expect(await screen.findByText('remote org')).toBeInTheDocument();
  });

  it('offline, a path neither the registry nor the menu knows is still the 404 page', () => {
    usePwa.setState({ offline: true });
    useSession.setState({ remotes: [org] });
    renderAt('/nowhere');
    expect(screen.getByText('not found')).toBeInTheDocument();
  });

  it('speaks English to an Arabic reader', () => {
    setLocale('ar-EG');
    usePwa.setState({ offline: true });
    renderAt('/org/user');
    expect(screen.getByText('The network is down')).toBeInTheDocument();
    expect(screen.getByText(/You are offline now/)).toBeInTheDocument();
  });
});

describe('RemoteSwitch and a new version of the remote on screen', () => {
  const v2: RemoteEntry = { ...org, entry: '/user/web/remotes/org/2/mf-manifest.json', version: '2' };

  it('keeps the version on screen while the user stays on the page, and shows the new one on the next navigation', () => {
    useSession.setState({ remotes: [org], remotesAt: Date.now() });
    loaded.add(org.entry);
    renderAt('/org/user');
    expect(screen.getByTestId('version')).toHaveTextContent('1');
    act(() => useSession.setState({ remotes: [v2] }));
    expect(screen.getByTestId('version')).toHaveTextContent('1');
    act(() => go('/org/dept'));
    expect(screen.getByTestId('version')).toHaveTextContent('2');
    // And stays on it: the registry names it.
    act(() => go('/org/user'));
    expect(screen.getByTestId('version')).toHaveTextContent('2');
  });

  it('takes the new version at once when the one on screen has not loaded, or fails', () => {
    useSession.setState({ remotes: [org], remotesAt: Date.now() });
    renderAt('/org/user');
    act(() => useSession.setState({ remotes: [v2] }));
    expect(screen.getByTestId('version')).toHaveTextContent('2');

    const v3: RemoteEntry = { ...org, entry: '/user/web/remotes/org/3/mf-manifest.json', version: '3' };
    loaded.add(v2.entry);
    act(() => useSession.setState({ remotes: [v3] }));
    expect(screen.getByTestId('version')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getByTestId('version')).toHaveTextContent('3');
  });
});

describe('moduleNameOf', () => {
  const home: RemoteEntry = { ...org, name: 'home', routes: ['/home', '/dashboard'], title: { 'zh-CN': '个人中心' } };
  const areas = [menuItem('/home', [], { name: '个人中心' }), menuItem('/dashboard', [menuItem('/dashboard/analysis')], { name: '仪表盘' })];

  it('names a remote of several areas by the area the page is in', () => {
    expect(moduleNameOf(home, areas, '/dashboard/analysis')).toBe('仪表盘');
    expect(moduleNameOf(home, areas, '/home/account')).toBe('个人中心');
  });

  it('falls back to the declared title when the area has no menu entry, and names a one-area remote by its title', () => {
    expect(moduleNameOf(home, [], '/dashboard/analysis')).toBe('个人中心');
    expect(moduleNameOf({ ...org, title: { 'zh-CN': '组织管理' } }, [menuItem('/org', [], { name: '别名' })], '/org/user')).toBe('组织管理');
  });
});
