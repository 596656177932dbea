import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';
import type { RemoteEntry } from '@uc/shared';
import { federationName } from '@uc/shared/federation-name';
import { isFailedRemoteModule, RemoteLoadError } from './remote-load-error';
import { fallbackPlugin, manifestFailure, manifestFetchPlugin, retryPlugin } from './remote-plugins';

/** What every remote exposes as './prefetch': starts the data of the page at `pathname`, if it knows it. */
export interface RemotePrefetchModule {
  prefetch?: (pathname: string) => void;
}

/** What every remote exposes as './routes' (DESIGN.md section 3). */
export interface RemoteRoutesModule {
  routes?: RouteObject[];
  default?: RouteObject[];
}

/** Dev only: `org=http://localhost:3001/mf-manifest.json,...` points a remote at its dev server. */
function overrides(): Record<string, string> {
  const raw = process.env.UC_REMOTE_OVERRIDES ?? '';
  return Object.fromEntries(
    raw
      .split(',')
      .map((pair) => pair.split('=').map((s) => s.trim()))
      .filter((pair): pair is [string, string] => pair.length === 2 && !!pair[0] && !!pair[1]),
  );
}

/** The registry with dev overrides applied; an overridden remote missing from the registry serves `/<name>`. */
export function effectiveRemotes(registry: RemoteEntry[]): RemoteEntry[] {
  const over = overrides();
  const list = registry.map((r) => (over[r.name] ? { ...r, entry: over[r.name]! } : r));
  for (const [name, entry] of Object.entries(over)) {
    if (!list.some((r) => r.name === name)) list.push({ name, entry, version: 'dev', routes: [`/${name}`], title: {}, icon: '', pages: [] });
  }
  return list;
}

/** A load under way or done, with the entry (the version) it is for: a new version starts its own. */
interface Pending<T> {
  entry: string;
  promise: Promise<T>;
}

let pluginsInstalled = false;
/** The entry each remote is registered with in the runtime, by name. */
const registered = new Map<string, string>();
const loading = new Map<string, Pending<RouteObject[]>>();
/** Route objects already loaded, by remote entry: a visit renders them at once. */
const ready = new Map<string, RouteObject[]>();
/** Remotes whose prefetch ran (or runs), by name, with the entry it was for. */
const prefetched = new Map<string, string>();
/** Remotes whose prefetch failed: the runtime may hold the failure, so their first load starts afresh. */
const stale = new Set<string>();
const prefetchModules = new Map<string, Pending<RemotePrefetchModule | undefined>>();

/**
 * The remote's name in the federation runtime: `hello-world` is `uc_hello_world` there, as its build
 * named its container (the addon kit's preset uses the same mapping).
 */
const runtimeName = (remote: RemoteEntry): string => federationName(remote.name);

function register(remote: RemoteEntry, force: boolean): void {
  if (!pluginsInstalled) {
    registerPlugins([manifestFetchPlugin(), retryPlugin(), fallbackPlugin()]);
    pluginsInstalled = true;
  }
  if (!force && registered.get(remote.name) === remote.entry) return;
  // `force` drops the runtime's cached manifest and entry, so a retry really fetches again; a remote
  // registered before with another entry (a redeploy, an update) is replaced the same way.
  registerRemotes([{ name: runtimeName(remote), entry: remote.entry }], { force: force || registered.has(remote.name) });
  registered.set(remote.name, remote.entry);
}

/**
 * Registers the registry's remotes with the federation runtime; nothing is fetched until a visit. A
 * remote whose entry changed is registered anew: its next load fetches the new version, while code
 * of the old one already on screen keeps running.
 */
export function registerRegistry(registry: RemoteEntry[]): void {
  for (const remote of registry) {
    try {
      register(remote, false);
    } catch (error) {
      // One bad name (the server refuses them) must not keep the others out.
      console.error(`[uc] remote "${remote.name}" cannot be registered`, error);
    }
  }
}

/** The error for a module that did not load, with the manifest's reason when that is what failed. */
const loadError = (remote: RemoteEntry, mod: unknown) =>
  new RemoteLoadError(remote.name, isFailedRemoteModule(mod) ? mod.error : undefined, manifestFailure(remote.entry)?.reason);

/**
 * The route objects of a remote version, loaded once and shared by every visit; `fresh` forgets a
 * failed or stale attempt and loads again from the network. Another entry for the same remote (the
 * registry names a new version) is another load.
 */
export function loadRemoteRoutes(remote: RemoteEntry, fresh = false): Promise<RouteObject[]> {
  const current = loading.get(remote.name);
  if (current && current.entry === remote.entry && !fresh) return current.promise;
  if (fresh) ready.delete(remote.entry);
  let promise: Promise<RouteObject[]>;
  try {
    register(remote, fresh || stale.delete(remote.name));
    promise = loadRemote<RemoteRoutesModule>(`${runtimeName(remote)}/routes`).then((mod) => {
      const routes = mod && !isFailedRemoteModule(mod) ? (mod.routes ?? mod.default) : undefined;
      if (!routes) throw loadError(remote, mod);
      ready.set(remote.entry, routes);
      return routes;
    });
  } catch (error) {
    // A name the runtime cannot take (a dev override): the page's error, not a crash of the shell.
    promise = Promise.reject(new RemoteLoadError(remote.name, error));
  }
  const pending = { entry: remote.entry, promise };
  promise.catch(() => loading.get(remote.name) === pending && loading.delete(remote.name));
  loading.set(remote.name, pending);
  return promise;
}

/** The remote's route objects if they are loaded already (prefetched or visited), else undefined. */
export const readyRoutes = (remote: RemoteEntry): RouteObject[] | undefined => ready.get(remote.entry);

/**
 * Another module a remote exposes (market's './MarketPanel'), loaded on demand through the same
 * registry, retry and fallback plugins as the routes.
 */
export async function loadRemoteExpose<T>(remote: RemoteEntry, expose: string, fresh = false): Promise<T> {
  register(remote, fresh);
  const mod = await loadRemote<T>(`${runtimeName(remote)}/${expose.replace(/^\.\//, '')}`);
  if (!mod || isFailedRemoteModule(mod)) throw loadError(remote, mod);
  return mod;
}

/**
 * Fetches each remote's manifest and entry and preloads the code of its './routes' (not the shared
 * libraries: the shell provides those), then loads its './prefetch' and './routes', so the first
 * visit of a remote page needs no round trip for code and evaluates none. Remotes already loaded or prefetched are skipped. A remote that cannot be reached costs
 * nothing but its requests: the failure is forgotten and the visit loads it afresh (then shows the
 * usual error and retry). Resolves once every prefetch has finished, never rejects.
 */
export async function prefetchRemotes(remotes: RemoteEntry[]): Promise<void> {
  const todo = remotes.filter((r) => loading.get(r.name)?.entry !== r.entry && prefetched.get(r.name) !== r.entry);
  await Promise.all(
    todo.map(async (remote) => {
      prefetched.set(remote.name, remote.entry);
      try {
        register(remote, false);
        await preloadRemote([{ nameOrAlias: runtimeName(remote), exposes: ['./routes'], resourceCategory: 'sync' }]);
        // Then evaluated, while idle: the container's initialisation, the tiny './prefetch' and the
        // route modules cost the click nothing but the page's own render.
        await Promise.all([loadPrefetchModule(remote), loadRemoteRoutes(remote)]);
      } catch (error) {
        stale.add(remote.name);
        prefetched.delete(remote.name);
        console.warn(`[uc] prefetch of remote "${remote.name}" failed; it loads on its first visit`, error);
      }
    }),
  );
}

/** A remote version's './prefetch', loaded once; a remote without one (or down) gives undefined, and is asked again next time. */
function loadPrefetchModule(remote: RemoteEntry): Promise<RemotePrefetchModule | undefined> {
  const current = prefetchModules.get(remote.name);
  if (current && current.entry === remote.entry) return current.promise;
  const promise = (async () => {
    register(remote, stale.has(remote.name));
    return loadRemote<RemotePrefetchModule>(`${runtimeName(remote)}/prefetch`);
  })().then(
    (mod) => (mod && !isFailedRemoteModule(mod) ? mod : undefined),
    () => undefined,
  );
  const pending = { entry: remote.entry, promise };
  void promise.then((mod) => mod ?? (prefetchModules.get(remote.name) === pending && prefetchModules.delete(remote.name)));
  prefetchModules.set(remote.name, pending);
  return promise;
}

/**
 * Starts the data of the remote page at `pathname` (the remote's './prefetch' knows which calls):
 * called on the first visit, in parallel with loading the routes, so the first request does not
 * wait for the page's code to load and render. Never throws.
 */
export function prefetchPageData(remote: RemoteEntry, pathname: string): void {
  void loadPrefetchModule(remote).then((mod) => {
    try {
      mod?.prefetch?.(pathname);
    } catch (error) {
      console.warn(`[uc] data prefetch of ${pathname} failed`, error);
    }
  });
}
