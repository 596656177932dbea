import { type RemoteEntry } from '@uc/contracts';
import { refreshRegistryAndMenus, useSession } from '@uc/client';
import { consoleStreamOpen } from '../../lib/console-stream';
import { effectiveRemotes } from './remote-runtime';

/**
 * Automatic refreshes (an address without a remote, a remote that failed) share one answer for this
 * long: a user clicking through unknown addresses, or a remote failing on every page, costs the
 * server one registry read per few seconds, not one per click.
 */
export const REFRESH_INTERVAL_MS = 5000;
/**
 * While the push stream is down, a navigation after this long asks whether a remote was redeployed or
 * updated meanwhile (the fallback: with the stream up, the server says so itself). A page may set
 * `globalThis.__UC_REGISTRY_MAX_AGE_MS__` (browser tests that prove only the push explains a change).
 */
export const REGISTRY_MAX_AGE_MS = 30_000;

const maxAgeMs = (): number => {
  const set = (globalThis as { __UC_REGISTRY_MAX_AGE_MS__?: unknown }).__UC_REGISTRY_MAX_AGE_MS__;
  return typeof set === 'number' && set >= 0 ? set : REGISTRY_MAX_AGE_MS;
};

let pending: Promise<RemoteEntry[]> | null = null;
/** A refresh asked for while one was on its way, with news the one on its way may have missed. */
let queued: Promise<RemoteEntry[]> | null = null;
/** When the last refresh finished, answered or not. */
let finishedAt = 0;

/**
 * The registry and the menus asked again (DESIGN.md section 3), at most once per REFRESH_INTERVAL_MS
 * for automatic callers: within it they get the registry at hand. `force` (a user pressing retry)
 * always asks, sharing a request already on its way. `news` (the server pushed that something changed)
 * asks too, and once more after a request already on its way, which may have been answered before the
 * change. Never rejects.
 */
export function refreshRegistry({ force = false, news = false } = {}): Promise<RemoteEntry[]> {
  if (pending) {
    if (!news) return pending;
    queued ??= pending.then(() => {
      queued = null;
      return refreshRegistry({ force: true });
    });
    return queued;
  }
  if (news) force = true;
  // Counted from the last refresh, not from the start-up read: the first failure or unknown address
  // after the page loaded always asks (a redeploy may have happened a second after the page loaded).
  if (!force && finishedAt > 0 && Date.now() - finishedAt < REFRESH_INTERVAL_MS) return Promise.resolve(useSession.getState().remotes);
  pending = refreshRegistryAndMenus().finally(() => {
    finishedAt = Date.now();
    pending = null;
  });
  return pending;
}

/**
 * Whether the registry at hand is old enough for a navigation to ask again: never while the push
 * stream is open (the server tells of every change), nor before the registry has arrived.
 */
export function registryStale(): boolean {
  if (consoleStreamOpen()) return false;
  const at = useSession.getState().remotesAt;
  return at > 0 && Date.now() - at > maxAgeMs();
}

/**
 * After `remote` failed to load: asks the registry again and tells whether it now names another
 * version of the remote (a redeploy removed the old one, an update replaced it). The store then holds
 * the new entry, so the page that shows the remote loads that one; `false` means the same version (or
 * none): the failure is real and is shown.
 */
export async function registryMovedOn(remote: Pick<RemoteEntry, 'name' | 'entry'>, { force = false } = {}): Promise<boolean> {
  const now = effectiveRemotes(await refreshRegistry({ force })).find((r) => r.name === remote.name);
  return now !== undefined && now.entry !== remote.entry;
}

export function resetRegistryRefreshForTests(): void {
  pending = null;
  queued = null;
  finishedAt = 0;
}
