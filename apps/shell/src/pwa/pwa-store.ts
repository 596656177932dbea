import { create } from 'zustand';

export interface PwaState {
  /** A new service worker is installed and waits for the user's confirmation. */
  updateReady: boolean;
  /** The browser reports no network. */
  offline: boolean;
  /** Activates the waiting version, clears caches and reloads; set once a version waits. */
  applyUpdate: (() => void) | null;
}

export const usePwa = create<PwaState>()(() => ({
  updateReady: false,
  offline: typeof navigator !== 'undefined' && navigator.onLine === false,
  applyUpdate: null,
}));

/**
 * Whether the network is down as far as the browser knows: its own flag, or the offline event the
 * store heard. A failure while offline is the network's, not the server's nor the address's.
 */
export function isOffline(): boolean {
  return usePwa.getState().offline || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
