import { BASE_PATH } from '@uc/client';

export const SW_URL = `${BASE_PATH}/sw.js`;
export const SW_SCOPE = `${BASE_PATH}/`;
/** Caches the worker owns (see build/sw.template.js); other caches of the origin are not ours to clear. */
export const CACHE_PREFIX = 'uc-shell-';
/** How often an open console asks whether a new version was deployed. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface ServiceWorkerEnv {
  serviceWorker?: ServiceWorkerContainer;
  caches?: CacheStorage;
  reload: () => void;
}

const browserEnv = (): ServiceWorkerEnv => ({
  serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  caches: typeof caches !== 'undefined' ? caches : undefined,
  reload: () => window.location.reload(),
});

export async function clearCaches(env: ServiceWorkerEnv = browserEnv()): Promise<void> {
  if (!env.caches) return;
  const keys = await env.caches.keys();
  await Promise.all(keys.filter((k) => k.startsWith(CACHE_PREFIX)).map((k) => env.caches!.delete(k)));
}

/** The offline option is off: unregister existing workers of the console and clear their caches. */
export async function unregisterServiceWorkers(env: ServiceWorkerEnv = browserEnv()): Promise<number> {
  if (!env.serviceWorker) return 0;
  const registrations = await env.serviceWorker.getRegistrations();
  const ours = registrations.filter((r) => r.scope.endsWith(SW_SCOPE) || new URL(r.scope).pathname.startsWith(SW_SCOPE));
  await Promise.all(ours.map((r) => r.unregister()));
  await clearCaches(env);
  return ours.length;
}

/**
 * Confirming the new-version notice: the waiting worker takes over (skipWaiting), the caches are
 * cleared, and the page reloads once the new worker controls it.
 */
export function activateWaiting(registration: ServiceWorkerRegistration, env: ServiceWorkerEnv = browserEnv()): void {
  const waiting = registration.waiting;
  if (!waiting || !env.serviceWorker) {
    env.reload();
    return;
  }
  let reloaded = false;
  env.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    void clearCaches(env).finally(env.reload);
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Asks the installed workers (the active one and a version waiting behind it) to fetch whatever of
 * their precache list they do not hold yet. A worker installed while only sign-in pages were open
 * skipped its precache (build/sw.template.js); a signed-in page fills it in this way, when idle.
 */
export function requestPrecache(registration: Pick<ServiceWorkerRegistration, 'active' | 'waiting'>): void {
  for (const worker of [registration.active, registration.waiting]) worker?.postMessage({ type: 'PRECACHE' });
}

/**
 * Registers the worker and reports a new version once it is installed and waiting. The first
 * install (no controller yet) is no "new version": it just starts caching.
 */
export async function registerServiceWorker(
  onUpdate: (registration: ServiceWorkerRegistration) => void,
  env: ServiceWorkerEnv = browserEnv(),
): Promise<ServiceWorkerRegistration | undefined> {
  const container = env.serviceWorker;
  if (!container) return undefined;
  const registration = await container.register(SW_URL, { scope: SW_SCOPE });
  // Some embedders (test browsers with workers blocked) resolve without a registration.
  if (!registration) return undefined;
  const report = () => {
    if (registration.waiting && container.controller) onUpdate(registration);
  };
  report();
  // A console tab stays open for days without navigating; the browser would only look for a new
  // worker on navigation, so ask hourly.
  if (typeof window !== 'undefined') window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') report();
    });
  });
  return registration;
}
