import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';
import { type RemoteEntry } from '@uc/contracts';
import { provideRemoteModuleLoader, useSession } from '@uc/client';
import { federationName } from '@uc/client/federation-name';
import { isFailedRemoteModule, RemoteLoadError } from './remote-load-error';
import { fallbackPlugin, manifestFailure, manifestFetchPlugin, readManifest, retryPlugin } from './remote-plugins';
import { manifestRefusals, registryRefusal, runtimeRefusal, SharedVersionRefusal } from './remote-refusal';

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
    if (!list.some((r) => r.name === name)) list.push({ name, entry, version: 'dev', routes: [`/${name}`], title: {}, icon: '', pages: [], refused: [] });
  }
  return list;
}

/** A load under way or done, with the entry (the version) it is for: a new version starts its own. */
interface Pending<T> {
  entry: string;
  promise: Promise<T>;
}

let pluginsInstalled = false;
/** The entry each container name is registered with in the runtime. */
const registered = new Map<string, string>();
/** Each version's container name, by entry (from its mf-manifest.json; a failed read is forgotten). */
const containers = new Map<string, Promise<string>>();
const loading = new Map<string, Pending<RouteObject[]>>();
/** Route objects already loaded, by remote entry: a visit renders them at once. */
const ready = new Map<string, RouteObject[]>();
/** Remotes whose prefetch ran (or runs), by name, with the entry it was for. */
const prefetched = new Map<string, string>();
/** Remotes whose prefetch failed: the runtime may hold the failure, so their first load starts afresh. */
const stale = new Set<string>();
const prefetchModules = new Map<string, Pending<RemotePrefetchModule | undefined>>();

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The name of a version's container in the federation runtime, as its mf-manifest.json says. The
 * build preset gives every build its own (`uc_org_<hash of the build>`, packages/addon-kit
 * build-identity-plugin.mjs), so a new version is another remote to the runtime: it loads beside the
 * old one, whose code on screen keeps running with its own chunks, and nothing of the old one is
 * unloaded. A manifest that names no usable container (not built by the preset) falls back to the
 * remote's fixed name (`hello-world` is `uc_hello_world`).
 */
function containerOf(remote: RemoteEntry): Promise<string> {
  let name = containers.get(remote.entry);
  if (!name) {
    name = readManifest(remote.entry).then((manifest) => {
      // A version that needs a strict singleton in a version this console does not run is refused
      // before any of its code runs (the registry normally says so first; this covers what it did not judge).
      const refused = manifestRefusals(manifest);
      if (refused.length > 0) throw new SharedVersionRefusal(remote.name, refused);
      const declared = (manifest as { name?: unknown } | null)?.name;
      return typeof declared === 'string' && IDENTIFIER.test(declared) ? declared : federationName(remote.name);
    });
    const pending = name;
    containers.set(remote.entry, pending);
    pending.catch(() => containers.get(remote.entry) === pending && containers.delete(remote.entry));
  }
  return name;
}

/**
 * Registers a version's container with the runtime, once. `force` (a retry, a load after a failed
 * prefetch) drops what the runtime cached of it, so the entry really is fetched again. A container
 * name registered before with another entry (a remote whose builds all share one name) is replaced.
 */
async function register(remote: RemoteEntry, force: boolean): Promise<string> {
  const refusal = registryRefusal(remote);
  if (refusal) throw refusal;
  const container = await containerOf(remote);
  if (!pluginsInstalled) {
    registerPlugins([manifestFetchPlugin(), retryPlugin(), fallbackPlugin()]);
    pluginsInstalled = true;
  }
  const current = registered.get(container);
  if (force || current !== remote.entry) {
    registerRemotes([{ name: container, entry: remote.entry }], { force: force || current !== undefined });
    registered.set(container, remote.entry);
  }
  return container;
}

/**
 * The error for a module that did not load, with the manifest's reason when that is what failed; the
 * federation runtime's refusal of a strict singleton's version is the remote's refusal, not a failure.
 */
const loadError = (remote: RemoteEntry, mod: unknown) => {
  const cause = isFailedRemoteModule(mod) ? mod.error : undefined;
  return runtimeRefusal(remote.name, cause) ?? new RemoteLoadError(remote.name, cause, manifestFailure(remote.entry)?.reason);
};

/** A failure of a version as the page shows it: a refusal as it is, anything else as a RemoteLoadError. */
const asLoadError = (remote: RemoteEntry, error: unknown): Error =>
  error instanceof RemoteLoadError || error instanceof SharedVersionRefusal
    ? error
    : (runtimeRefusal(remote.name, error) ?? new RemoteLoadError(remote.name, error, manifestFailure(remote.entry)?.reason));

/**
 * The route objects of a remote version, loaded once and shared by every visit; `fresh` forgets a
 * failed or stale attempt and loads again from the network. Another entry for the same remote (the
 * registry names a new version) is another load.
 */
export function loadRemoteRoutes(remote: RemoteEntry, fresh = false): Promise<RouteObject[]> {
  const current = loading.get(remote.name);
  if (current && current.entry === remote.entry && !fresh) return current.promise;
  if (fresh) ready.delete(remote.entry);
  const force = fresh || stale.delete(remote.name);
  const promise = register(remote, force)
    .then((container) => loadRemote<RemoteRoutesModule>(`${container}/routes`))
    .then(
      (mod) => {
        const routes = mod && !isFailedRemoteModule(mod) ? (mod.routes ?? mod.default) : undefined;
        if (!routes) throw loadError(remote, mod);
        ready.set(remote.entry, routes);
        return routes;
      },
      // A manifest that could not be read, a name the runtime cannot take (a dev override): the
      // page's error, not a crash of the shell.
      (error: unknown) => {
        throw asLoadError(remote, error);
      },
    );
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
  let container: string;
  try {
    container = await register(remote, fresh);
  } catch (error) {
    throw asLoadError(remote, error);
  }
  const mod = await loadRemote<T>(`${container}/${expose.replace(/^\.\//, '')}`);
  if (!mod || isFailedRemoteModule(mod)) throw loadError(remote, mod);
  return mod;
}

/**
 * What one remote loads of another (`loadExposedModule` of @uc/client: the org screens on a tenant's
 * details page): `expose` of the version of `name` the registry names now, through the same containers,
 * retry and fallback as the routes. A remote the registry does not list fails like one that is down.
 */
export function loadRegistryExpose(name: string, expose: string, { fresh }: { fresh: boolean }): Promise<unknown> {
  const remote = effectiveRemotes(useSession.getState().remotes).find((r) => r.name === name);
  if (!remote) return Promise.reject(new RemoteLoadError(name, new Error(`the registry lists no remote "${name}" (not deployed, or disabled)`)));
  return loadRemoteExpose(remote, expose, fresh);
}

// Every remote page renders after this module has loaded (the outlet imports it): from then on remotes
// reach each other's exposed modules through it.
provideRemoteModuleLoader(loadRegistryExpose);

/**
 * Fetches each remote's manifest and entry and preloads the code of its './routes' (not the shared
 * libraries: the shell provides those), then loads its './prefetch' and './routes', so the first
 * visit of a remote page needs no round trip for code and evaluates none. Remotes already loaded or prefetched are skipped. A remote that cannot be reached costs
 * nothing but its requests: the failure is forgotten and the visit loads it afresh (then shows the
 * usual error and retry). Resolves once every prefetch has finished, never rejects.
 */
export async function prefetchRemotes(remotes: RemoteEntry[]): Promise<void> {
  const todo = remotes.filter((r) => r.refused.length === 0 && loading.get(r.name)?.entry !== r.entry && prefetched.get(r.name) !== r.entry);
  await Promise.all(
    todo.map(async (remote) => {
      prefetched.set(remote.name, remote.entry);
      try {
        const container = await register(remote, false);
        await preloadRemote([{ nameOrAlias: container, exposes: ['./routes'], resourceCategory: 'sync' }]);
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

/** Resolves once every remote load under way now (the page's own remote) has ended, either way. */
export function remoteLoadsSettled(): Promise<void> {
  return Promise.allSettled([...loading.values()].map((pending) => pending.promise)).then(() => undefined);
}

/** A remote version's './prefetch', loaded once; a remote without one (or down) gives undefined, and is asked again next time. */
function loadPrefetchModule(remote: RemoteEntry): Promise<RemotePrefetchModule | undefined> {
  const current = prefetchModules.get(remote.name);
  if (current && current.entry === remote.entry) return current.promise;
  const promise = (async () => {
    const container = await register(remote, stale.has(remote.name));
    return loadRemote<RemotePrefetchModule>(`${container}/prefetch`);
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
