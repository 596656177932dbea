import { type RemoteEntry } from '@uc/contracts';
import { refreshRegistryAndMenus, useSession } from '@uc/client';
import { REFRESH_INTERVAL_MS, REGISTRY_MAX_AGE_MS, refreshRegistry, registryMovedOn, registryStale, resetRegistryRefreshForTests } from './registry-refresh';

jest.mock('@uc/client', () => ({ ...jest.requireActual('@uc/client'), refreshRegistryAndMenus: jest.fn() }));
jest.mock('@module-federation/enhanced/runtime', () => ({}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));
const mockRefresh = refreshRegistryAndMenus as jest.MockedFunction<typeof refreshRegistryAndMenus>;

const org = (version: string): RemoteEntry => ({
  name: 'org',
  entry: `/user/web/remotes/org/${version}/mf-manifest.json`,
  version,
  routes: ['/org'],
  title: {},
  icon: '',
  pages: [],
  refused: [],
});

/** The server's registry names `list`; a refresh stores it the way the session store does. */
function serverNames(list: RemoteEntry[]) {
  mockRefresh.mockImplementation(async () => {
    useSession.setState({ remotes: list, remotesAt: Date.now() });
    return list;
  });
}

let now = 1_000_000;
beforeEach(() => {
  now = 1_000_000;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  mockRefresh.mockReset();
  resetRegistryRefreshForTests();
  useSession.setState({ remotes: [org('1')], remotesAt: 0 });
});
afterEach(() => jest.restoreAllMocks());

describe('refreshing the registry', () => {
  it('asks at most once per interval for automatic callers, always for a retry, and shares a request on its way', async () => {
    serverNames([org('1')]);
    await Promise.all([refreshRegistry(), refreshRegistry({ force: true })]);
    expect(mockRefresh).toHaveBeenCalledTimes(1);

    now += REFRESH_INTERVAL_MS - 1;
    await expect(refreshRegistry()).resolves.toEqual([org('1')]);
    expect(mockRefresh).toHaveBeenCalledTimes(1);

    await refreshRegistry({ force: true });
    expect(mockRefresh).toHaveBeenCalledTimes(2);

    now += REFRESH_INTERVAL_MS + 1;
    await refreshRegistry();
    expect(mockRefresh).toHaveBeenCalledTimes(3);
  });

  it('asks on the first automatic refresh even right after the start-up read', async () => {
    serverNames([org('1')]);
    useSession.setState({ remotesAt: now - 1000 });
    await refreshRegistry();
    expect(mockRefresh).toHaveBeenCalledTimes(1);
  });

  it('calls a registry stale once it is older than the bound, never before it arrived', () => {
    expect(registryStale()).toBe(false);
    useSession.setState({ remotesAt: now - REGISTRY_MAX_AGE_MS });
    expect(registryStale()).toBe(false);
    now += 1;
    expect(registryStale()).toBe(true);
  });

  it('tells whether the registry now names another version of a remote that failed', async () => {
    serverNames([org('2')]);
    await expect(registryMovedOn(org('1'))).resolves.toBe(true);
    expect(useSession.getState().remotes).toEqual([org('2')]);

    // The same version again: the failure is real.
    await expect(registryMovedOn(org('2'), { force: true })).resolves.toBe(false);
    // Uninstalled meanwhile: nothing to move to (the address then has no remote).
    serverNames([]);
    await expect(registryMovedOn(org('2'), { force: true })).resolves.toBe(false);
    expect(mockRefresh).toHaveBeenCalledTimes(3);
  });
});
