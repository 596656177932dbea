import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { AdminMenuItem, RemoteEntry } from '@uc/contracts';
import { loadRemoteRoutes, prefetchPageData, prefetchRemotes } from './remote-runtime';
import { reachableRemotes } from './use-prefetch-remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));
// Each version's manifest names its container (uc_<name>_1 here).
jest.mock('./remote-plugins', () => ({
  ...jest.requireActual('./remote-plugins'),
  readManifest: async (url: string) => ({ name: `uc_${/remotes\/([^/]+)\//.exec(url)![1]!}_1` }),
}));

const remote = (name: string, routes: string[]): RemoteEntry => ({
  name,
  entry: `/user/web/remotes/${name}/1/mf-manifest.json`,
  version: '1',
  routes,
  title: {},
  icon: '',
  pages: [],
  refused: [],
});
const item = (path: string, children: AdminMenuItem[] = []) => ({ path, children }) as unknown as AdminMenuItem;

beforeEach(() => {
  jest.mocked(preloadRemote).mockReset();
  jest.mocked(registerRemotes).mockReset();
  jest.mocked(loadRemote).mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('prefetching remotes', () => {
  it('prefetches only the remotes the menu leads to', () => {
    const org = remote('org', ['/org']);
    const tenant = remote('tenant', ['/tenant', '/pt']);
    const market = remote('market', ['/market']);
    const menu = [item('', [item('/org/user'), item('/pt/bind')]), item('/dashboard')];
    expect(reachableRemotes([org, tenant, market], menu)).toEqual([org, tenant]);
    expect(reachableRemotes([org], [item('/organisation')])).toEqual([]);
  });

  it("preloads each remote's manifest, entry and route code once, and loads its './prefetch'", async () => {
    jest.mocked(preloadRemote).mockResolvedValue(undefined);
    jest.mocked(loadRemote).mockResolvedValue({ prefetch: jest.fn(), routes: [] });
    const perm = remote('permission', ['/permission']);
    await prefetchRemotes([perm]);
    await prefetchRemotes([perm]);
    expect(preloadRemote).toHaveBeenCalledTimes(1);
    expect(preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'uc_permission_1', exposes: ['./routes'], resourceCategory: 'sync' }]);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'uc_permission_1', entry: perm.entry }], { force: false });
    expect(loadRemote).toHaveBeenCalledWith('uc_permission_1/prefetch');
    expect(loadRemote).toHaveBeenCalledWith('uc_permission_1/routes');
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it("on a visit, hands the address to the remote's './prefetch' (once loaded), and survives one that throws", async () => {
    const prefetch = jest.fn();
    jest.mocked(loadRemote).mockResolvedValue({ prefetch });
    const tenant = remote('tenant', ['/tenant']);
    prefetchPageData(tenant, '/tenant/invite');
    await new Promise((r) => setTimeout(r, 0));
    expect(loadRemote).toHaveBeenCalledWith('uc_tenant_1/prefetch');
    expect(prefetch).toHaveBeenCalledWith('/tenant/invite');
    prefetch.mockImplementation(() => {
      throw new Error('bug');
    });
    prefetchPageData(tenant, '/tenant/policy');
    await new Promise((r) => setTimeout(r, 0));
    expect(prefetch).toHaveBeenCalledTimes(2);
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('a remote that is down breaks nothing, and its first visit loads it afresh', async () => {
    jest.mocked(preloadRemote).mockRejectedValue(new Error('connection refused'));
    const org = remote('org', ['/org']);
    await expect(prefetchRemotes([org])).resolves.toBeUndefined();
    jest.mocked(registerRemotes).mockClear();
    jest.mocked(loadRemote).mockResolvedValue({ routes: [{ path: '/org' }] });
    await expect(loadRemoteRoutes(org)).resolves.toEqual([{ path: '/org' }]);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'uc_org_1', entry: org.entry }], { force: true });
  });
});
