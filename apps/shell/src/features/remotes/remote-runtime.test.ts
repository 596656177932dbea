import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { type RemoteEntry } from '@uc/contracts';
import { loadExposedModule, useSession } from '@uc/client';
import { ORG_TENANT_SCREENS } from '@uc/client/exposed';
import { failedRemoteModule, RemoteLoadError } from './remote-load-error';
import { manifestFailure, ManifestError, readManifest } from './remote-plugins';
import { loadRegistryExpose, loadRemoteRoutes, prefetchRemotes, readyRoutes } from './remote-runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));
jest.mock('./remote-plugins', () => ({ ...jest.requireActual('./remote-plugins'), manifestFailure: jest.fn(), readManifest: jest.fn() }));

/** The container name a build gives each version (the addon kit's BuildIdentityPlugin): uc_org_<hash of the build>. */
const containerOf = (url: string) => {
  const [, name, v] = /remotes\/([^/]+)\/([^/]+)\//.exec(url)!;
  return `uc_${name!.replace(/-/g, '_')}_${v!.replace(/\W/g, '')}`;
};

const version = (name: string, v: string): RemoteEntry => ({
  name,
  entry: `/user/web/remotes/${name}/${v}/mf-manifest.json`,
  version: v,
  routes: [`/${name}`],
  title: {},
  icon: '',
  pages: [],
  refused: [],
});

beforeEach(() => {
  jest.mocked(loadRemote).mockReset();
  jest.mocked(registerRemotes).mockReset();
  jest.mocked(manifestFailure).mockReset();
  jest.mocked(readManifest).mockReset();
  jest.mocked(readManifest).mockImplementation(async (url) => ({ name: containerOf(url) }));
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('remote versions in the federation runtime', () => {
  it('registers each version under the container its manifest names, so an old and a new version live side by side', async () => {
    const v1 = version('org', '1');
    const v2 = version('org', '2');
    const old = [{ path: '/org', id: 'v1' }];
    const fresh = [{ path: '/org', id: 'v2' }];
    jest.mocked(loadRemote).mockResolvedValueOnce({ routes: old }).mockResolvedValueOnce({ routes: fresh });

    await expect(loadRemoteRoutes(v1)).resolves.toBe(old);
    await expect(loadRemoteRoutes(v1)).resolves.toBe(old);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'uc_org_1', entry: v1.entry }], { force: false });
    expect(loadRemote).toHaveBeenCalledWith('uc_org_1/routes');

    // The new version is another container: registered beside the old one, nothing of the old one removed.
    await expect(loadRemoteRoutes(v2)).resolves.toBe(fresh);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'uc_org_2', entry: v2.entry }], { force: false });
    expect(loadRemote).toHaveBeenLastCalledWith('uc_org_2/routes');
    expect(registerRemotes).toHaveBeenCalledTimes(2);
    expect(readManifest).toHaveBeenCalledTimes(2);
    expect(readyRoutes(v1)).toBe(old);
    expect(readyRoutes(v2)).toBe(fresh);
  });

  it("falls back to the remote's fixed federation name for a build whose manifest names none, replacing the older version's registration", async () => {
    jest.mocked(readManifest).mockResolvedValue({ metaData: {} });
    jest.mocked(loadRemote).mockResolvedValue({ routes: [] });
    const addon = version('hello-world', '1');
    await loadRemoteRoutes(addon);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'uc_hello_world', entry: addon.entry }], { force: false });
    expect(loadRemote).toHaveBeenCalledWith('uc_hello_world/routes');
    // One name for both versions (a build made before the kit named containers per build): replaced.
    await loadRemoteRoutes(version('hello-world', '2'));
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'uc_hello_world', entry: version('hello-world', '2').entry }], { force: true });
  });

  it("shows a name the runtime cannot take as that page's error", async () => {
    jest.mocked(readManifest).mockResolvedValue({});
    const bad = version('Bad_Name', '1');
    await expect(loadRemoteRoutes(bad)).rejects.toBeInstanceOf(RemoteLoadError);
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('a manifest that cannot be read is the error, with its reason; the next visit reads it again', async () => {
    const v1 = version('tenant', '1');
    jest.mocked(readManifest).mockRejectedValueOnce(new ManifestError(v1.entry, 'gone', 404));
    jest.mocked(manifestFailure).mockReturnValue(new ManifestError(v1.entry, 'gone', 404));
    await expect(loadRemoteRoutes(v1)).rejects.toMatchObject({ remote: 'tenant', reason: 'gone' });
    expect(registerRemotes).not.toHaveBeenCalled();
    jest.mocked(loadRemote).mockResolvedValue({ routes: [] });
    await expect(loadRemoteRoutes(v1)).resolves.toEqual([]);
    expect(readManifest).toHaveBeenCalledTimes(2);
  });

  it('a retry registers the same container again with force, so the runtime fetches it afresh', async () => {
    const v1 = version('home', '1');
    jest.mocked(loadRemote).mockResolvedValue({ routes: [] });
    await loadRemoteRoutes(v1);
    await loadRemoteRoutes(v1, true);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'uc_home_1', entry: v1.entry }], { force: true });
    expect(readManifest).toHaveBeenCalledTimes(1);
  });

  it('prefetches a new version of a remote already loaded in an old one', async () => {
    const v1 = version('permission', '1');
    const v2 = version('permission', '2');
    jest.mocked(loadRemote).mockResolvedValue({ routes: [], prefetch: () => undefined });
    await loadRemoteRoutes(v1);
    await prefetchRemotes([v1]);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    jest.mocked(loadRemote).mockClear();
    await prefetchRemotes([v2]);
    expect(loadRemote).toHaveBeenCalledWith('uc_permission_2/routes');
    expect(readyRoutes(v2)).toEqual([]);
  });

  it('tells why a version failed when its manifest did: a 404 means it was replaced, a time-out that it hangs', async () => {
    const v1 = version('market', '1');
    const cause = new Error('RUNTIME_003');
    jest.mocked(loadRemote).mockResolvedValue(failedRemoteModule(cause));
    jest.mocked(manifestFailure).mockReturnValue(new ManifestError(v1.entry, 'gone', 404));
    const error = await loadRemoteRoutes(v1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect(error).toMatchObject({ remote: 'market', reason: 'gone', cause });
    expect(manifestFailure).toHaveBeenCalledWith(v1.entry);

    // A failed load is forgotten: the next visit loads again, and a hanging manifest says so.
    jest.mocked(manifestFailure).mockReturnValue(new ManifestError(v1.entry, 'timeout'));
    await expect(loadRemoteRoutes(v1)).rejects.toMatchObject({ reason: 'timeout' });
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });
});

describe('what one remote loads of another (loadExposedModule of @uc/client)', () => {
  it('loads the expose from the version the registry names now, each version from its own container', async () => {
    const screens = { version: ORG_TENANT_SCREENS.version, TenantUsers: () => null };
    jest.mocked(loadRemote).mockResolvedValue(screens);
    useSession.setState({ remotes: [version('org', '7')] });
    // Through the loader this module gave @uc/client when it loaded.
    await expect(loadExposedModule(ORG_TENANT_SCREENS)).resolves.toBe(screens);
    expect(loadRemote).toHaveBeenLastCalledWith('uc_org_7/tenant-screens');

    useSession.setState({ remotes: [version('org', '8')] });
    await loadRegistryExpose('org', './tenant-screens', { fresh: false });
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'uc_org_8', entry: version('org', '8').entry }], { force: false });
    expect(loadRemote).toHaveBeenLastCalledWith('uc_org_8/tenant-screens');
  });

  it('fails, naming the remote, when the registry lists none of that name', async () => {
    useSession.setState({ remotes: [version('tenant', '1')] });
    const error = await loadRegistryExpose('org', './tenant-screens', { fresh: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect((error as Error).message).toMatch(/the registry lists no remote "org"/);
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
