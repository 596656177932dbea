import { create } from 'zustand';
import { getAccessToken, readStorage, StorageKey, writeStorage } from '@uc/client';

/*
 * Whether the console is locked: the spec's IS-LOCKSCREEN key in local storage, so a reload (or another
 * tab of the console) is locked too. Only the screen is locked: the session, its token and the push
 * stream stay as they were. A sign-in or sign-out forgets the key (@uc/client's setAccessToken).
 */

const LOCKED = 'true';
const stored = () => readStorage(StorageKey.isLockscreen) === LOCKED;

/** `token`: the session the lock was read or set under. */
export const useLockScreen = create<{ locked: boolean; token: string }>()(() => ({ locked: stored(), token: getAccessToken() }));

export function lockConsole(): void {
  writeStorage(StorageKey.isLockscreen, LOCKED);
  useLockScreen.setState({ locked: true, token: getAccessToken() });
}

/** After the server accepted the password. */
export function unlockConsole(): void {
  writeStorage(StorageKey.isLockscreen, null);
  useLockScreen.setState({ locked: false });
}

/** Reads the key again when the layout mounts: a sign-in in this tab may have cleared it since. */
export function syncLockScreen(): void {
  useLockScreen.setState({ locked: stored(), token: getAccessToken() });
}

/**
 * Another tab changed the key. A key cleared by another tab's sign-out or sign-in (the token changed
 * too) does not open this one: the session it locked is gone, and its lock screen offers the way out.
 */
function followKey(): void {
  const locked = stored();
  const now = useLockScreen.getState();
  if (now.locked === locked) return;
  if (!locked && now.token !== getAccessToken()) return;
  useLockScreen.setState({ locked, token: getAccessToken() });
}

/** Follows the other tabs of the console: locking one locks them all, unlocking one unlocks them all. Returns the unsubscribe. */
export function followOtherTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === StorageKey.isLockscreen || e.key === null) followKey();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
