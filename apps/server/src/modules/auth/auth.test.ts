import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { auth, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LOGIN_FAILED } from './auth.service';
import { tokenFrom } from './token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ beforeBuild: (db) => createUser(db, { username: 'Disabled.User', password: 'user-password-1', status: 2 }).then(() => undefined) });
});
afterAll(() => t.close());

const login = (payload: object) => t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload });

describe('accountLogin', () => {
  it('signs admin in with a token and an expiry, and records the sign-in', async () => {
    const res = await login({ username: 'admin', password: 'admin-password-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ username: 'admin', id: expect.any(Number) });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.data.expires).getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    expect(row?.loginCount).toBeGreaterThanOrEqual(1);
    expect(row?.lastLoginAt).toBeInstanceOf(Date);
    expect(row?.lastLoginIp).toBe('127.0.0.1');
  });

  it('accepts the user name in any letter case', async () => {
    expect((await login({ username: 'ADMIN', password: 'admin-password-1' })).json().code).toBe(0);
  });

  it('answers wrong password and unknown user with the same message', async () => {
    const wrongPassword = await login({ username: 'admin', password: 'nope-nope' });
    const unknownUser = await login({ username: 'nobody', password: 'nope-nope' });
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: -1, message: LOGIN_FAILED, data: null });
    }
  });

  it('refuses a disabled user (after the password check)', async () => {
    const res = await login({ username: 'disabled.user', password: 'user-password-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/disabled/);
    expect((await login({ username: 'disabled.user', password: 'wrong-one' })).json().message).toBe(LOGIN_FAILED);
  });

  it('names the missing field', async () => {
    const res = await login({ username: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: -1,
      message: 'Password cannot be empty',
      data: { fields: [{ field: 'password', message: 'Password cannot be empty' }] },
    });
  });
});

describe('sessions', () => {
  it('accepts the raw token and Bearer <token>; an empty header is no token', async () => {
    const token = await t.login();
    expect((await t.app.inject({ url: '/user/admin/member/info', headers: auth(token) })).json().code).toBe(0);
    expect((await t.app.inject({ url: '/user/admin/member/info', headers: { authorization: `Bearer ${token}` } })).json().code).toBe(0);
    const empty = await t.app.inject({ url: '/user/admin/member/info', headers: { authorization: '' } });
    expect(empty.statusCode).toBe(401);
    expect(empty.json().code).toBe(61);
    expect(tokenFrom('  ')).toBeNull();
  });

  it('logout revokes the token at once', async () => {
    const token = await t.login();
    const out = await t.app.inject({ method: 'POST', url: '/user/admin/site/logout', headers: { ...auth(token), 'content-type': 'application/json' } });
    expect(out.json()).toEqual({ code: 0, message: 'ok', data: null });
    const after = await t.app.inject({ url: '/user/admin/member/info', headers: auth(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(61);
  });

  it('logout succeeds without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/user/admin/site/logout' })).json().code).toBe(0);
  });

  it('an unknown token gets code 61', async () => {
    const res = await t.app.inject({ url: '/user/admin/role/header', headers: auth('not-a-token') });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(61);
  });
});
