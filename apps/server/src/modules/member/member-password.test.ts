import { auth, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/user/admin/member/updatePwd';
const info = (token: string) => t.app.inject({ url: '/user/admin/member/info', headers: auth(token) });
const change = (token: string, payload: object) => t.app.inject({ method: 'POST', url: URL, headers: auth(token), payload });
const signIn = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload: { username, password } });

describe('password change', () => {
  it('refuses a wrong current password', async () => {
    await createUser(t.db, { username: 'pwd.wrong', password: 'first-password-1', menuPaths: [] });
    const token = await t.login('pwd.wrong', 'first-password-1');
    const res = await change(token, { oldPassword: 'not-the-password', newPassword: 'second-password-2' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The current password is wrong');
    expect((await signIn('pwd.wrong', 'first-password-1')).json().code).toBe(0);
  });

  it('applies the password policy to the new one and refuses the same password', async () => {
    await createUser(t.db, { username: 'pwd.weak', password: 'first-password-1', menuPaths: [] });
    const token = await t.login('pwd.weak', 'first-password-1');
    const short = await change(token, { oldPassword: 'first-password-1', newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 8/);
    expect(short.json().data.fields).toEqual([expect.objectContaining({ field: 'newPassword' })]);
    const common = await change(token, { oldPassword: 'first-password-1', newPassword: 'baseball' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/^This password is among the most commonly used/);
    const same = await change(token, { oldPassword: 'first-password-1', newPassword: 'first-password-1' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/^The new password is the same/);
    expect((await signIn('pwd.weak', 'first-password-1')).json().code).toBe(0);
  });

  it('ends the other sessions at once (61) while the current one keeps working; the new password signs in, the old does not', async () => {
    await createUser(t.db, { username: 'pwd.end', password: 'first-password-1', menuPaths: [] });
    const others = [await t.login('pwd.end', 'first-password-1'), await t.login('pwd.end', 'first-password-1')];
    const current = await t.login('pwd.end', 'first-password-1');
    const admin = await t.login();
    const res = await change(current, { oldPassword: 'first-password-1', newPassword: 'second-password-2' });
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { revoked: 2 } });
    for (const token of others) {
      const refused = await info(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe(61);
    }
    expect((await info(current)).json().code).toBe(0);
    expect((await info(admin)).json().code).toBe(0);
    expect((await signIn('pwd.end', 'first-password-1')).json().code).not.toBe(0);
    expect((await signIn('pwd.end', 'second-password-2')).json().code).toBe(0);
  });

  it('keeps the other sessions with endOtherSessions false', async () => {
    await createUser(t.db, { username: 'pwd.keep', password: 'first-password-1', menuPaths: [] });
    const other = await t.login('pwd.keep', 'first-password-1');
    const current = await t.login('pwd.keep', 'first-password-1');
    const res = await change(current, { oldPassword: 'first-password-1', newPassword: 'second-password-2', endOtherSessions: false });
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { revoked: 0 } });
    expect((await info(other)).json().code).toBe(0);
    expect((await info(current)).json().code).toBe(0);
    expect((await signIn('pwd.keep', 'second-password-2')).json().code).toBe(0);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { oldPassword: 'x', newPassword: 'second-password-2' } });
    expect(res.json().code).toBe(61);
  });
});
