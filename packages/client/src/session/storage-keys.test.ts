import { getAccessToken, readStorage, setAccessToken, StorageKey, writeStorage } from './storage-keys';

describe('the access token', () => {
  beforeEach(() => localStorage.clear());

  it('a new session or none starts unlocked: setting or clearing the token forgets IS-LOCKSCREEN', () => {
    setAccessToken('first');
    writeStorage(StorageKey.isLockscreen, 'true');
    setAccessToken('second');
    expect(getAccessToken()).toBe('second');
    expect(readStorage(StorageKey.isLockscreen)).toBeNull();
    writeStorage(StorageKey.isLockscreen, 'true');
    setAccessToken(null);
    expect(getAccessToken()).toBe('');
    expect(readStorage(StorageKey.isLockscreen)).toBeNull();
  });
});
