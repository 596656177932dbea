import { auth } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * One password policy for every path that sets a password: self-service refused the most common
 * passwords while an administrator could still set them for others (create, reset, import).
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload, headers: auth(token) });
const COMMON = /^This password is among the most commonly used ones/;

describe("the password policy on administrators' paths", () => {
  it.each(['password', '12345678', 'Sunshine'])('refuses %s when an administrator creates a user', async (password) => {
    const res = await post('/user/admin/member/edit', { username: `weak.${password.toLowerCase()}`, realName: 'Weak', mobile: '13700000001', password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(COMMON);
  });

  it('refuses a common password when an administrator resets one, and keeps the old one', async () => {
    const made = await post('/user/admin/member/edit', { username: 'reset.target', realName: 'Target', mobile: '13700000002', password: 'Target-password-55' });
    expect(made.statusCode).toBe(200);
    const res = await post('/user/admin/member/resetPwd', { id: made.json().data.id, password: '12345678' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(COMMON);
    await expect(t.login('reset.target', 'Target-password-55')).resolves.toEqual(expect.any(String));
  });

  it('refuses the import rows that carry common passwords, naming each row and column, and imports the others', async () => {
    const res = await post('/user/admin/member/import', {
      rows: [
        { username: 'import.good', realName: 'Good', mobile: '13700000003', password: 'Import-password-91' },
        { username: 'import.weak', realName: 'Weak', mobile: '13700000004', password: 'password' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ imported: 1, errors: [{ row: 2, field: 'password', message: expect.stringMatching(/among the most commonly used/) }] });
    const list = await t.app.inject({
      url: '/user/admin/member/list',
      query: { filter: JSON.stringify([['username', 'like_right', 'import.']]) },
      headers: auth(token),
    });
    expect(list.json().data.list.map((u: { username: string }) => u.username)).toEqual(['import.good']);
  });

  it('still accepts a password outside the common list on each path', async () => {
    const res = await post('/user/admin/member/edit', {
      username: 'strong.user',
      realName: 'Strong',
      mobile: '13700000005',
      password: 'correct horse battery',
    });
    expect(res.statusCode).toBe(200);
  });
});
