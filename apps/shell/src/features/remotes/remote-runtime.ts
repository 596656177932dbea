import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';
import type { RemoteEntry } from '@uc/shared';
import { isFailedRemoteModule, RemoteLoadError } from './remote-load-error';
import { fallbackPlugin, retryPlugin } from './remote-plugins';

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

let pluginsInstalled = false;
const registered = new Map<string, string>();
const loading = new Map<string, Promise<RouteObject[]>>();
/** Route objects already loaded, by remote entry: a visit renders them at once. */
const ready = new Map<string, RouteObject[]>();
/** Remotes whose prefetch ran (or runs), by name, with the entry it was for. */
const prefetched = new Map<string, string>();
/** Remotes whose prefetch failed: the runtime may hold the failure, so their first load starts afresh. */
const stale = new Set<string>();
const prefetchModules = new Map<string, Promise<RemotePrefetchModule | undefined>>();

function register(remote: RemoteEntry, force: boolean): void {
  if (!pluginsInstalled) {
    registerPlugins([retryPlugin(), fallbackPlugin()]);
    pluginsInstalled = true;
  }
  if (!force && registered.get(remote.name) === remote.entry) return;
  // `force` drops the runtime's cached manifest and entry, so a retry really fetches again.
  registerRemotes([{ name: remote.name, entry: remote.entry }], { force: force || registered.has(remote.name) });
  registered.set(remote.name, remote.entry);
}

/** Registers the registry's remotes with the federation runtime; nothing is fetched until a visit. */
export function registerRegistry(registry: RemoteEntry[]): void {
  for (const remote of registry) register(remote, false);
}

/**
 * The route objects of a remote, loaded once and shared by every visit; `fresh` forgets a failed
 * or stale attempt and loads again from the network.
 */
export function loadRemoteRoutes(remote: RemoteEntry, fresh = false): Promise<RouteObject[]> {
  if (fresh) {
    loading.delete(remote.name);
    ready.delete(remote.entry);
  }
  let pending = loading.get(remote.name);
  if (!pending) {
    register(remote, fresh || stale.delete(remote.name));
    pending = loadRemote<RemoteRoutesModule>(`${remote.name}/routes`).then((mod) => {
      const routes = mod && !isFailedRemoteModule(mod) ? (mod.routes ?? mod.default) : undefined;
      if (!routes) throw new RemoteLoadError(remote.name, isFailedRemoteModule(mod) ? mod.error : undefined);
      ready.set(remote.entry, routes);
      return routes;
    });
    pending.catch(() => loading.delete(remote.name));
    loading.set(remote.name, pending);
  }
  return pending;
}

/** The remote's route objects if they are loaded already (prefetched or visited), else undefined. */
export const readyRoutes = (remote: RemoteEntry): RouteObject[] | undefined => ready.get(remote.entry);

/**
 * Another module a remote exposes (market's './MarketPanel'), loaded on demand through the same
 * registry, retry and fallback plugins as the routes.
 */
export async function loadRemoteExpose<T>(remote: RemoteEntry, expose: string, fresh = false): Promise<T> {
  register(remote, fresh);
  const mod = await loadRemote<T>(`${remote.name}/${expose.replace(/^\.\//, '')}`);
  if (!mod || isFailedRemoteModule(mod)) throw new RemoteLoadError(remote.name, isFailedRemoteModule(mod) ? mod.error : undefined);
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
  const todo = remotes.filter((r) => !loading.has(r.name) && prefetched.get(r.name) !== r.entry);
  await Promise.all(
    todo.map(async (remote) => {
      prefetched.set(remote.name, remote.entry);
      try {
        register(remote, false);
        await preloadRemote([{ nameOrAlias: remote.name, exposes: ['./routes'], resourceCategory: 'sync' }]);
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

/** A remote's './prefetch', loaded once; a remote without one (or down) gives undefined, and is asked again next time. */
function loadPrefetchModule(remote: RemoteEntry): Promise<RemotePrefetchModule | undefined> {
  let pending = prefetchModules.get(remote.name);
  if (!pending) {
    register(remote, stale.has(remote.name));
    pending = loadRemote<RemotePrefetchModule>(`${remote.name}/prefetch`).then(
      (mod) => (mod && !isFailedRemoteModule(mod) ? mod : undefined),
      () => undefined,
    );
    void pending.then((mod) => mod ?? prefetchModules.delete(remote.name));
    prefetchModules.set(remote.name, pending);
  }
  return pending;
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
