import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { captchas, rateLimits } from '../../db/schema';
import { auth, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CAPTCHA_REQUIRED } from '../auth/login-throttle';
import { UNLOCK_WRONG_PASSWORD } from './member-unlock.service';

let t: TestApp;
beforeAll(async () => {
  // Small limits, as in login-throttle.test.ts: a captcha after 3 failures, a lock-out after 4 (from the fifth on).
  t = await createTestApp({ env: { LOGIN_CAPTCHA_AFTER: '3', LOGIN_DELAY_AFTER: '4', LOGIN_IP_DELAY_AFTER: '50', LOGIN_MAX_DELAY_SECONDS: '2' } });
});
afterAll(() => t.close());

const PASSWORD = 'right-password-1';
let ipSeq = 0;
const freshIp = () => `10.61.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const unlock = (token: string, payload: object, ip = freshIp(), language?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/user/admin/member/unlock',
    headers: { ...auth(token), ...(language ? { 'accept-language': language } : {}) },
    payload,
    remoteAddress: ip,
  });
const signIn = (username: string, password: string, extra: object = {}) =>
  t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload: { username, password, ...extra }, remoteAddress: freshIp() });
const info = (token: string) => t.app.inject({ url: '/user/admin/member/info', headers: auth(token) });

async function captcha(code: string): Promise<string> {
  const cid = (await t.app.inject({ url: '/user/admin/site/captcha' })).json().data.cid as string;
  await t.db
    .update(captchas)
    .set({ codeHash: createHash('sha256').update(code).digest('hex') })
    .where(eq(captchas.id, cid));
  return cid;
}

async function signedIn(username: string): Promise<string> {
  await createUser(t.db, { username, password: PASSWORD, menuPaths: [] });
  return t.login(username, PASSWORD);
}

describe('unlocking the lock screen', () => {
  it('takes the right password and leaves the session as it was', async () => {
    const token = await signedIn('unlock.right');
    const res = await unlock(token, { password: PASSWORD });
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: null });
    expect((await info(token)).json().data.username).toBe('unlock.right');
  });

  it('refuses a wrong password in the reader’s language, and the session stays', async () => {
    const token = await signedIn('unlock.wrong');
    const en = await unlock(token, { password: 'not-the-password' });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ code: -1, message: UNLOCK_WRONG_PASSWORD, data: null });
    const zh = await unlock(token, { password: 'not-the-password' }, freshIp(), 'zh-CN');
    expect(zh.json().message).toBe('密码不正确，请输入您登录时使用的密码，或退出登录');
    expect((await info(token)).json().code).toBe(0);
  });

  it('counts a wrong password against the sign-in throttle of the account: sign-in then asks for a captcha', async () => {
    const token = await signedIn('unlock.counted');
    for (let i = 0; i < 3; i++) expect((await unlock(token, { password: 'wrong' })).statusCode).toBe(400);
    const signInNow = await signIn('unlock.counted', PASSWORD);
    expect(signInNow.json()).toEqual({ code: -1, message: CAPTCHA_REQUIRED, data: { captchaRequired: true } });
  });

  it('asks for a captcha once sign-ins of the account failed too often, and a solved one with the right password forgets the failures', async () => {
    const token = await signedIn('unlock.captcha');
    for (let i = 0; i < 3; i++) expect((await signIn('unlock.captcha', 'wrong')).statusCode).toBe(400);
    const without = await unlock(token, { password: PASSWORD });
    expect(without.statusCode).toBe(400);
    expect(without.json().data).toEqual({ captchaRequired: true });
    const wrongCode = await unlock(token, { password: PASSWORD, cid: await captcha('abcd'), code: 'zzzz' });
    expect(wrongCode.json()).toEqual({ code: -1, message: 'Verification Code Error.', data: { captchaRequired: true } });
    const ok = await unlock(token, { password: PASSWORD, cid: await captcha('abcd'), code: 'abcd' });
    expect(ok.json().code).toBe(0);
    expect((await signIn('unlock.captcha', PASSWORD)).json().code).toBe(0);
  });

  it('spends a captcha code even when the password is wrong', async () => {
    const token = await signedIn('unlock.spent');
    for (let i = 0; i < 3; i++) await unlock(token, { password: 'wrong' });
    const cid = await captcha('abcd');
    expect((await unlock(token, { password: 'wrong', cid, code: 'abcd' })).json().message).toBe(UNLOCK_WRONG_PASSWORD);
    const again = await unlock(token, { password: PASSWORD, cid, code: 'abcd' });
    expect(again.json().data).toEqual({ captchaRequired: true });
  });

  it('locks the account out for the sign-in throttle’s delay (429), the right password included', async () => {
    const token = await signedIn('unlock.locked');
    const fail = async () => unlock(token, { password: 'wrong', cid: await captcha('abcd'), code: 'abcd' });
    // The attempt past the limit is still checked (it takes the lock); the one after waits.
    for (let i = 0; i < 5; i++) expect((await fail()).statusCode).toBe(400);
    // The database is the clock: the fifth failure's 1 s lock is held on for an hour, so the calls
    // after it meet it however loaded the machine is, then moved into the past rather than slept out
    // (the lock's length: auth/login-throttle.test.ts).
    const accountKey = eq(rateLimits.key, 'login:account:unlock.locked');
    await t.db
      .update(rateLimits)
      .set({ blockedUntil: sql`${rateLimits.blockedUntil} + interval '1 hour'` })
      .where(accountKey);
    const locked = await fail();
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3600 - 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(3601);
    expect((await unlock(token, { password: PASSWORD, cid: await captcha('abcd'), code: 'abcd' })).statusCode).toBe(429);
    expect((await signIn('unlock.locked', PASSWORD, { cid: await captcha('abcd'), code: 'abcd' })).statusCode).toBe(429);
    const shift = sql`make_interval(secs => 1.1)`;
    await t.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - ${shift}`, blockedUntil: sql`now() - ${shift}` })
      .where(accountKey);
    expect((await unlock(token, { password: PASSWORD, cid: await captcha('abcd'), code: 'abcd' })).json().code).toBe(0);
  });

  it('needs a session and a password', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/user/admin/member/unlock', payload: { password: PASSWORD } });
    expect(none.json().code).toBe(61);
    const token = await signedIn('unlock.empty');
    const empty = await unlock(token, { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^Password cannot be empty$/);
  });
});
