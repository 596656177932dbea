import { count, eq, inArray } from 'drizzle-orm';
import { users } from '../../db/schema';
import { auth, createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const b = await createTenant(t.db, { code: 'imp-b' });
  await createUser(t.db, { username: 'taken.elsewhere', tenantId: b.tenantId });
});
afterAll(() => t.close());

const importRows = async (rows: object[]) => {
  const res = await t.app.inject({ method: 'POST', url: '/user/admin/member/import', payload: { rows }, headers: auth(token) });
  return { status: res.statusCode, body: res.json() };
};
// Every row a number of its own: a phone number belongs to one account (member-mobile.test.ts).
let m = 0;
const row = (username: string, over: object = {}) => ({
  username,
  password: 'import-password',
  realName: `Name ${username}`,
  mobile: `1380000${String(++m).padStart(4, '0')}`,
  ...over,
});
const existing = async (names: string[]) => (await t.db.select({ n: count() }).from(users).where(inArray(users.username, names)))[0]!.n;

describe('member import', () => {
  it('imports every row when all are valid', async () => {
    const r = await importRows([row('imp.a'), row('imp.b', { email: 'b@example.com' })]);
    expect(r.body.data).toEqual({ imported: 2, errors: [] });
    const [b] = await t.db.select({ email: users.email }).from(users).where(eq(users.username, 'imp.b'));
    expect(b?.email).toBe('b@example.com');
    expect(await t.login('imp.a', 'import-password')).toEqual(expect.any(String));
  });

  it('reports every bad row with its number and reason, and imports nothing', async () => {
    const r = await importRows([
      row('imp.ok1'),
      row('imp.badphone', { mobile: '123' }),
      row('imp.ok2'),
      row('IMP.OK1'),
      row('imp.nomail', { email: 'nope' }),
      row('imp.nopass', { password: '' }),
    ]);
    expect(r.body.data.imported).toBe(0);
    expect(r.body.data.errors).toEqual([
      { row: 2, message: 'mobile: Phone number is invalid!' },
      { row: 4, message: 'username: "IMP.OK1" is also in row 1' },
      { row: 5, message: 'email: Incorrect email format' },
      { row: 6, message: 'password: password must be at least 8 characters' },
    ]);
    expect(await existing(['imp.ok1', 'imp.ok2'])).toBe(0);
  });

  it('rolls back the rows already inserted when a name is taken in the database (even in another tenant)', async () => {
    const r = await importRows([row('imp.c'), row('imp.a'), row('imp.d'), row('taken.elsewhere')]);
    expect(r.body.data).toEqual({
      imported: 0,
      errors: [
        { row: 2, message: 'username: the user name "imp.a" is already taken: choose another' },
        { row: 4, message: 'username: the user name "taken.elsewhere" is already taken: choose another' },
      ],
    });
    expect(await existing(['imp.c', 'imp.d'])).toBe(0);
  });

  it('refuses an empty file', async () => {
    const r = await importRows([]);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('the file has no rows');
  });
});
