import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteEntry } from '@uc/shared';
import { failedRemoteModule, RemoteLoadError } from './remote-load-error';
import { manifestFailure, ManifestError } from './remote-plugins';
import { loadRemoteRoutes, prefetchRemotes, readyRoutes, registerRegistry } from './remote-runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: () => ({ name: 'retry' }) }));
jest.mock('./remote-plugins', () => ({ ...jest.requireActual('./remote-plugins'), manifestFailure: jest.fn() }));

const version = (name: string, v: string): RemoteEntry => ({
  name,
  entry: `/user/web/remotes/${name}/${v}/mf-manifest.json`,
  version: v,
  routes: [`/${name}`],
  title: {},
  icon: '',
  pages: [],
});

beforeEach(() => {
  jest.mocked(loadRemote).mockReset();
  jest.mocked(registerRemotes).mockReset();
  jest.mocked(manifestFailure).mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('remote versions in the federation runtime', () => {
  it('knows a remote by its federation name, so a name with dashes works', async () => {
    const addon = version('hello-world', '1');
    jest.mocked(loadRemote).mockResolvedValue({ routes: [] });
    await loadRemoteRoutes(addon);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'uc_hello_world', entry: addon.entry }], { force: false });
    expect(loadRemote).toHaveBeenCalledWith('uc_hello_world/routes');
  });

  it("shows a name the runtime cannot take as that page's error, and registers the others", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad = version('Bad_Name', '1');
    registerRegistry([bad, version('post-box', '1')]);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    await expect(loadRemoteRoutes(bad)).rejects.toBeInstanceOf(RemoteLoadError);
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('loads a new version of a remote from its own entry, replacing the registration, while the old one stays usable', async () => {
    const v1 = version('org', '1');
    const v2 = version('org', '2');
    const old = [{ path: '/org', id: 'v1' }];
    const fresh = [{ path: '/org', id: 'v2' }];
    jest.mocked(loadRemote).mockResolvedValueOnce({ routes: old }).mockResolvedValueOnce({ routes: fresh });

    await expect(loadRemoteRoutes(v1)).resolves.toBe(old);
    await expect(loadRemoteRoutes(v1)).resolves.toBe(old);
    expect(loadRemote).toHaveBeenCalledTimes(1);

    await expect(loadRemoteRoutes(v2)).resolves.toBe(fresh);
    expect(loadRemote).toHaveBeenCalledTimes(2);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'uc_org', entry: v2.entry }], { force: true });
    expect(readyRoutes(v1)).toBe(old);
    expect(readyRoutes(v2)).toBe(fresh);
  });

  it("registers a changed entry anew when the registry changes, and leaves the others' registrations alone", () => {
    registerRegistry([version('tenant', '1'), version('home', '1')]);
    expect(registerRemotes).toHaveBeenCalledTimes(2);
    jest.mocked(registerRemotes).mockClear();
    registerRegistry([version('tenant', '1'), version('home', '2')]);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'uc_home', entry: version('home', '2').entry }], { force: true });
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
    expect(loadRemote).toHaveBeenCalledWith('uc_permission/routes');
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
