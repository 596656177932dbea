/** Every localStorage key the console uses (spec section 3), in one place so none is spelled twice. */
export const StorageKey = {
  accessToken: 'ACCESS-TOKEN',
  currentUser: 'CURRENT-USER',
  currentConfig: 'CURRENT-CONFIG',
  currentLoginConfig: 'CURRENT-LOGIN-CONFIG',
  isLockscreen: 'IS-LOCKSCREEN',
  /** Kept under umi's key so a locale chosen in the legacy console carries over. */
  locale: 'umi_locale',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** The console is served under this base path (spec section 2). */
export const BASE_PATH = '/user/web';

/** localStorage may be missing (tests, some privacy modes); the console must still start. */
export function readStorage(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    /* storage full or blocked: the in-memory state still works for this page */
  }
}

export const getAccessToken = (): string => readStorage(StorageKey.accessToken) ?? '';
/**
 * A new session (a sign-in) or none (sign-out) starts unlocked: the lock screen belongs to the session
 * it locked, so whoever signs in next, after a sign-out or an expired session, is not asked for it.
 */
export function setAccessToken(token: string | null): void {
  writeStorage(StorageKey.accessToken, token);
  writeStorage(StorageKey.isLockscreen, null);
}
