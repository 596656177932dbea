import { usePwa } from './pwa-store';
import { activateWaiting, registerServiceWorker, unregisterServiceWorkers, type ServiceWorkerEnv } from './service-worker';

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
    await registerServiceWorker(
      (registration) => usePwa.setState({ updateReady: true, applyUpdate: () => activateWaiting(registration, env) }),
      env,
    );
  } catch (error) {
    // A worker that cannot register (private mode, http) only costs the offline ability.
    console.warn('[uc] service worker unavailable', error);
  }
}
