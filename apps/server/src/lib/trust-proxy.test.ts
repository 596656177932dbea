import { like } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Who the client is decides the per-IP sign-in limits and HSTS. Unless TRUST_PROXY names the proxies
 * in front, X-Forwarded-* is a claim anyone can make, so it must change nothing; behind a trusted
 * balancer it must, or every client counts as the balancer.
 */

const failedSignIn = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload: { username: 'nobody.here', password: 'wrong-password-1' }, headers });

const ipCounters = async (t: TestApp) =>
  (await t.db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'login:ip:%'))).map((r) => r.key);

describe('TRUST_PROXY', () => {
  it('unset: a forwarded address is ignored by the sign-in limits and a forwarded https earns no HSTS', async () => {
    const t = await createTestApp();
    try {
      const res = await failedSignIn(t, { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' });
      expect(res.statusCode).toBe(400);
      expect(await ipCounters(t)).toEqual(['login:ip:127.0.0.1']);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  // app.inject's socket address is 127.0.0.1: here that is the balancer.
  it("set: the balancer's forwarded client address is counted, and its https gets HSTS", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const res = await failedSignIn(t, { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' });
      expect(res.statusCode).toBe(400);
      expect(await ipCounters(t)).toEqual(['login:ip:203.0.113.7']);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });
});
