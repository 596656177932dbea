import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RouteObject } from 'react-router-dom';
import type { RemoteEntry } from '@uc/shared';
import { isFailedRemoteModule, RemoteLoadError } from './remote-load-error';
import { fallbackPlugin, retryPlugin } from './remote-plugins';

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
    if (!list.some((r) => r.name === name)) list.push({ name, entry, version: 'dev', routes: [`/${name}`] });
  }
  return list;
}

let pluginsInstalled = false;
const registered = new Map<string, string>();
const loading = new Map<string, Promise<RouteObject[]>>();

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
  if (fresh) loading.delete(remote.name);
  let pending = loading.get(remote.name);
  if (!pending) {
    register(remote, fresh);
    pending = loadRemote<RemoteRoutesModule>(`${remote.name}/routes`).then((mod) => {
      const routes = mod && !isFailedRemoteModule(mod) ? (mod.routes ?? mod.default) : undefined;
      if (!routes) throw new RemoteLoadError(remote.name, isFailedRemoteModule(mod) ? mod.error : undefined);
      return routes;
    });
    pending.catch(() => loading.delete(remote.name));
    loading.set(remote.name, pending);
  }
  return pending;
}

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
