import { eq } from 'drizzle-orm';
import type { DashboardWorkplace } from '@uc/contracts';
import { sessions } from '../../db/schema';
import { auth, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The workplace's 上次登录 is the user's sign-in before the one that opened the session they look
 * with: nothing at a first sign-in, then the previous session's time and address, whatever sign-ins
 * come later elsewhere (another browser's does not become this one's "last" sign-in).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'returning.user', password: 'returning-password-1' });
});
afterAll(() => t.close());

async function signIn(ip: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/user/admin/site/accountLogin',
    payload: { username: 'returning.user', password: 'returning-password-1' },
    remoteAddress: ip,
  });
  const body = res.json() as { code: number; data: { token: string } };
  expect(body.code).toBe(0);
  return body.data.token;
}

const lastLogin = async (token: string) => {
  const res = await t.app.inject({ url: '/admin/admin/dashboard/workplace', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  const { user } = (res.json() as { data: DashboardWorkplace }).data;
  return { at: user.lastLoginAt, ip: user.lastLoginIp, count: user.loginCount };
};

const openedAt = async (ip: string) => {
  const [row] = await t.db.select({ at: sessions.createdAt }).from(sessions).where(eq(sessions.ip, ip));
  return row!.at.toISOString();
};

describe("the workplace's 上次登录", () => {
  it('is nothing at a first sign-in, not the sign-in the user is looking with', async () => {
    const first = await signIn('10.70.0.1');
    expect(await lastLogin(first)).toEqual({ at: null, ip: '', count: 1 });
  });

  it("is the sign-in before this session's, whatever sign-ins come after it", async () => {
    const second = await signIn('10.70.0.2');
    expect(await lastLogin(second)).toEqual({ at: await openedAt('10.70.0.1'), ip: '10.70.0.1', count: 2 });
    // Another browser signs in later: the second session's previous sign-in is still the first.
    const third = await signIn('10.70.0.3');
    expect(await lastLogin(second)).toEqual({ at: await openedAt('10.70.0.1'), ip: '10.70.0.1', count: 3 });
    expect(await lastLogin(third)).toEqual({ at: await openedAt('10.70.0.2'), ip: '10.70.0.2', count: 3 });
  });
});
