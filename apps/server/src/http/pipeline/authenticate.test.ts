import { memberInfoCall, memberStatusCall } from '@uc/contracts';
import type { Db } from '../../db/client';
import type { Session } from '../../modules/auth/access';
import { AuthCache } from '../../modules/auth/auth-cache';
import { hashToken } from '../../modules/auth/token';
import { StaleSession, cachedCaller, dropStale, markHandled, proveCached, settleAfterWrite, stillCurrent, type Authentication } from './authenticate';

const session: Session = { sessionId: 1, userId: 2, tenantId: 3, username: 'u', isSuperAdmin: false, tenantIsPlatform: false, readOnly: false };
const epochs = { tenant: '7', global: '2' };
const TOKEN = 'token-of-u';

function cached(): Authentication {
  const auth = new AuthCache();
  auth.putSession(hashToken(TOKEN), { session, epochs, validUntil: performance.now() + 60_000, tenantExpiresAt: null });
  return { db: {} as Db, sessions: { ttlHours: 1, sliding: false, maxHours: 1 }, auth };
}

describe('cachedCaller', () => {
  it('finds the session of a cached token with the epochs it was read under', () => {
    const a = cached();
    expect(cachedCaller(a, TOKEN)).toMatchObject({ session, epochs });
    expect(cachedCaller(a, 'another')).toBeUndefined();
    expect(cachedCaller(a, null)).toBeUndefined();
    expect(cachedCaller({ ...a, auth: undefined }, TOKEN)).toBeUndefined();
  });
});

describe('proveCached and dropStale', () => {
  it('trust a cached session only under its own epochs, and drop it when they moved', () => {
    const a = cached();
    const hit = cachedCaller(a, TOKEN)!;
    expect(() => proveCached(hit, { ...epochs })).not.toThrow();
    let stale: unknown;
    try {
      proveCached(hit, { ...epochs, tenant: '8' });
    } catch (err) {
      stale = err;
    }
    expect(stale).toBeInstanceOf(StaleSession);
    dropStale(a, hit, stale);
    expect(cachedCaller(a, TOKEN)).toBeUndefined();
  });

  it('lets any other error through and keeps the session', () => {
    const a = cached();
    const hit = cachedCaller(a, TOKEN)!;
    expect(() => dropStale(a, hit, new Error('statement failed'))).toThrow('statement failed');
    expect(cachedCaller(a, TOKEN)).toBeDefined();
  });
});

describe('stillCurrent', () => {
  it('keeps the session under the same epochs and drops it when the platform epoch moved', () => {
    const a = cached();
    const hit = cachedCaller(a, TOKEN)!;
    expect(stillCurrent(a, hit, { ...epochs })).toBe(true);
    expect(stillCurrent(a, hit, { ...epochs, global: '3' })).toBe(false);
    expect(cachedCaller(a, TOKEN)).toBeUndefined();
  });
});

describe('settleAfterWrite', () => {
  it('is a hook of writes only, and only with a lease', () => {
    expect(settleAfterWrite(memberInfoCall, 50)).toBeUndefined();
    expect(settleAfterWrite(memberStatusCall, 0)).toBeUndefined();
    expect(settleAfterWrite(memberStatusCall, undefined)).toBeUndefined();
    expect(settleAfterWrite(memberStatusCall, 50)).toEqual(expect.any(Function));
  });

  it('waits the lease only once the route handler ran: a write refused before it committed nothing', async () => {
    const hook = settleAfterWrite(memberStatusCall, 60_000)!;
    const refusedEarly = {};
    // Answers at once (a wait would outlast the test's timeout).
    await expect(hook.call({} as never, refusedEarly as never, {} as never, 'payload')).resolves.toBe('payload');
    const ran = {};
    markHandled(ran);
    const waiting = settleAfterWrite(memberStatusCall, 5)!.call({} as never, ran as never, {} as never, 'payload');
    expect(await Promise.race([waiting, Promise.resolve('still waiting')])).toBe('still waiting');
    await expect(waiting).resolves.toBe('payload');
  });
});
