import { useSession, type SessionState } from '@uc/client';
import { consoleSettled, whenIdle } from '../lib/idle';
import { usePwa } from './pwa-store';
import { activateWaiting, registerServiceWorker, requestPrecache, unregisterServiceWorkers, type ServiceWorkerEnv } from './service-worker';

/** Online/offline events feed the warning 'You are offline now' (spec section 8). */
export function watchConnectivity(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('offline', () => usePwa.setState({ offline: true }));
  target.addEventListener('online', () => usePwa.setState({ offline: false }));
}

/**
 * Spec section 4: with the site config's `offline` option on, the worker precaches the shell and a
 * new version waits for the user's confirmation; with it off, workers are unregistered and caches cleared.
 */
export async function setupPwa(offlineEnabled: boolean, env?: ServiceWorkerEnv): Promise<void> {
  // After the page has loaded: precaching must not compete with the first paint for bandwidth.
  if (typeof document !== 'undefined' && document.readyState !== 'complete') {
    await new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  }
  try {
    if (!offlineEnabled) {
      await unregisterServiceWorkers(env);
      return;
    }
    const registration = await registerServiceWorker(
      (registration) => usePwa.setState({ updateReady: true, applyUpdate: () => activateWaiting(registration, env) }),
      env,
    );
    if (registration) requestPrecache(registration);
  } catch (error) {
    // A worker that cannot register (private mode, http) only costs the offline ability.
    console.warn('[uc] service worker unavailable', error);
  }
}

/** How long a settled console waits at most for an idle moment before the worker starts precaching. */
export const PRECACHE_IDLE_TIMEOUT_MS = 10_000;

/** After the console has settled (layout rendered, remotes prefetched), when idle. */
const afterConsoleSettled = (task: () => void) => void consoleSettled.then(() => whenIdle(task, PRECACHE_IDLE_TIMEOUT_MS));

/**
 * Sets the worker up only once someone is signed in (DESIGN.md section 8): the sign-in pages never
 * register it, so its precache (the whole shell, ~0.5 MB) never competes with them for bandwidth.
 * With a user, it waits for the console to settle (its layout rendered, the remotes prefetched) and
 * be idle. With the offline option off, existing workers are removed at once, signed in or not. An unknown site config (server down) leaves them as they are.
 * Returns the store subscription's cancel function.
 */
export function setupPwaWhenSignedIn(options: { env?: ServiceWorkerEnv; idle?: (task: () => void) => void } = {}): () => void {
  const { env, idle = afterConsoleSettled } = options;
  let done = false;
  const check = (s: SessionState) => {
    if (done || s.status !== 'ready' || !s.siteConfig) return;
    if (!s.siteConfig.offline) {
      done = true;
      void setupPwa(false, env);
    } else if (s.currentUser) {
      done = true;
      idle(() => void setupPwa(true, env));
    }
  };
  const unsubscribe = useSession.subscribe(check);
  check(useSession.getState());
  return unsubscribe;
}
