import { count, eq, inArray } from 'drizzle-orm';
import { MEMBER_IMPORT_MAX_ROWS } from '@uc/contracts';
import { depts, posts, users } from '../../db/schema';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
let sales: number;
let west: number;
let east: number;
let engineer: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const b = await createTenant(t.db, { code: 'imp-b' });
  await createUser(t.db, { username: 'taken.elsewhere', tenantId: b.tenantId });
  await createUser(t.db, { username: 'has.number', mobile: '13900000999', mobileVerified: false });
  const dept = async (name: string, code = '') =>
    (await t.db.insert(depts).values({ tenantId: PLATFORM_TENANT_ID, name, code }).returning({ id: depts.id }))[0]!.id;
  sales = await dept('Import Sales', 'imp-sales');
  west = await dept('Import Branch', 'imp-west');
  east = await dept('Import Branch', 'imp-east');
  [{ id: engineer }] = (await t.db
    .insert(posts)
    .values({ tenantId: PLATFORM_TENANT_ID, name: 'Import Engineer', code: 'imp-eng' })
    .returning({ id: posts.id })) as [{ id: number }];
});
afterAll(() => t.close());

const importRows = async (body: object, headers: Record<string, string> = {}, as = token) => {
  const res = await t.app.inject({ method: 'POST', url: '/user/admin/member/import', payload: body, headers: { ...auth(as), ...headers } });
  return { status: res.statusCode, body: res.json() };
};
// Every row a number of its own: a phone number belongs to one user of a tenant (member-mobile.ts).
let m = 0;
const mobile = () => `1370000${String(++m).padStart(4, '0')}`;
const row = (username: string, over: object = {}) => ({ username, realName: `Name ${username}`, mobile: mobile(), ...over });
const existing = async (names: string[]) => (await t.db.select({ n: count() }).from(users).where(inArray(users.username, names)))[0]!.n;

describe('member import', () => {
  it('imports every valid row: departments and posts by code or name, sex and status in words, the initial password or its own', async () => {
    const r = await importRows({
      initialPassword: 'first-Import-pass',
      rows: [
        row('imp.a', { dept: 'imp-sales', post: 'Import Engineer', sex: '女', status: '禁用', email: 'a@example.com', remark: 'from the file' }),
        row('imp.b', { dept: 'Import Sales', post: 'imp-eng', sex: 'Male', status: 'enabled', password: 'own-Import-pass' }),
        row('imp.c', { dept: 'imp-east' }),
      ],
    });
    expect(r.body.data).toEqual({ imported: 3, errors: [] });
    const made = await t.db
      .select({
        username: users.username,
        deptId: users.deptId,
        postId: users.postId,
        sex: users.sex,
        status: users.status,
        email: users.email,
        remark: users.remark,
      })
      .from(users)
      .where(inArray(users.username, ['imp.a', 'imp.b', 'imp.c']))
      .orderBy(users.username);
    expect(made).toEqual([
      { username: 'imp.a', deptId: sales, postId: engineer, sex: 2, status: 2, email: 'a@example.com', remark: 'from the file' },
      { username: 'imp.b', deptId: sales, postId: engineer, sex: 1, status: 1, email: '', remark: '' },
      { username: 'imp.c', deptId: east, postId: null, sex: 0, status: 1, email: '', remark: '' },
    ]);
    expect(await t.login('imp.b', 'own-Import-pass')).toEqual(expect.any(String));
    expect(await t.login('imp.c', 'first-Import-pass')).toEqual(expect.any(String));
  });

  it('refuses each bad row with its number, column and reason, and imports the others', async () => {
    const r = await importRows({
      rows: [
        row('imp.ok1', { password: 'import-password' }),
        row('imp.badphone', { mobile: '123', password: 'import-password' }),
        row('IMP.OK1', { password: 'import-password' }),
        row('imp.nodept', { dept: 'Nowhere', post: 'Nothing', password: 'import-password' }),
        row('imp.twobranches', { dept: 'Import Branch', password: 'import-password' }),
        row('imp.a', { password: 'import-password' }),
        row('taken.elsewhere', { password: 'import-password' }),
        row('imp.nopass'),
        row('imp.weak', { password: 'password' }),
        row('imp.words', { sex: 'maybe', status: 'asleep', email: 'nope', password: 'import-password' }),
        row('imp.hasnumber', { mobile: '+8613900000999', password: 'import-password' }),
        row('imp.ok2', { password: 'import-password', row: 40 }),
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.errors).toEqual([
      { row: 2, field: 'mobile', message: 'Phone number is invalid!' },
      { row: 3, field: 'username', message: 'The user name "IMP.OK1" is also in row 1: each user needs a name of their own' },
      {
        row: 4,
        field: 'dept',
        message: 'There is no department with the code or name "Nowhere": create it first, or write the code or name of an existing department',
      },
      { row: 4, field: 'post', message: 'There is no post with the code or name "Nothing": create it first, or write the code or name of an existing post' },
      { row: 5, field: 'dept', message: '2 departments are named "Import Branch": write the code of the one you mean' },
      { row: 6, field: 'username', message: 'The user name "imp.a" is already taken: choose another' },
      { row: 7, field: 'username', message: 'The user name "taken.elsewhere" is already taken: choose another' },
      { row: 8, field: 'password', message: "No password: fill in this row's password, or set an initial password for the rows without one" },
      { row: 9, field: 'password', message: expect.stringMatching(/among the most commonly used/) },
      { row: 10, field: 'email', message: 'Incorrect email format' },
      { row: 10, field: 'sex', message: 'Write male, female or unknown (or leave it empty)' },
      { row: 10, field: 'status', message: 'Write enabled or disabled (or leave it empty for enabled)' },
      {
        row: 11,
        field: 'mobile',
        message: 'The phone number "+8613900000999" is already on another user of this tenant: use another number, or remove it from that user first',
      },
    ]);
    expect(r.body.data.imported).toBe(2);
    expect(await existing(['imp.ok1', 'imp.ok2'])).toBe(2);
    expect(await existing(['imp.badphone', 'imp.nodept', 'imp.twobranches', 'imp.nopass', 'imp.weak', 'imp.words', 'imp.hasnumber'])).toBe(0);
  });

  it('writes the report in the reader’s language, columns apart from the reasons', async () => {
    const r = await importRows({ rows: [row('imp.zh1', { dept: '无此部门', sex: '未说', password: 'import-password' })] }, { 'accept-language': 'zh-CN' });
    expect(r.body.data).toEqual({
      imported: 0,
      errors: [
        { row: 1, field: 'dept', message: '没有编码或名称为“无此部门”的部门：请先创建该部门，或填写已有部门的编码或名称' },
        { row: 1, field: 'sex', message: '请填写 男、女 或 未知（或留空）' },
      ],
    });
  });

  it(`takes ${MEMBER_IMPORT_MAX_ROWS} rows in one call, and refuses one more, an empty call and a common initial password`, async () => {
    const names = Array.from({ length: MEMBER_IMPORT_MAX_ROWS }, (_, i) => `imp.bulk${i}`);
    const full = await importRows({ initialPassword: 'bulk-Import-pass', rows: names.map((n) => row(n, { dept: 'imp-west' })) });
    expect(full.body.data).toEqual({ imported: MEMBER_IMPORT_MAX_ROWS, errors: [] });
    expect(await existing(names)).toBe(MEMBER_IMPORT_MAX_ROWS);
    const [first] = await t.db.select({ deptId: users.deptId }).from(users).where(eq(users.username, 'imp.bulk0'));
    expect(first?.deptId).toBe(west);

    const over = await importRows({ initialPassword: 'bulk-Import-pass', rows: [...names, 'imp.one.more'].map((n) => row(n)) });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain(`At most ${MEMBER_IMPORT_MAX_ROWS} rows per call`);
    const empty = await importRows({ rows: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('The file has no rows');
    const weak = await importRows({ initialPassword: 'password', rows: [row('imp.weakinit')] });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/commonly used/);
    expect(await existing(['imp.weakinit'])).toBe(0);
  });

  it('keeps a scoped administrator’s users inside his data scope', async () => {
    const scoped = await createUser(t.db, { username: 'imp.scoped', menuPaths: ['/org/user'], withButtons: true, dataScope: 2, deptId: sales });
    const scopedToken = await tokenFor(t.db, PLATFORM_TENANT_ID, scoped);
    const r = await importRows(
      {
        initialPassword: 'scoped-Import-pass',
        rows: [row('imp.mine', { dept: 'imp-sales' }), row('imp.theirs', { dept: 'imp-west' }), row('imp.nowhere')],
      },
      {},
      scopedToken,
    );
    expect(r.body.data).toEqual({
      imported: 1,
      errors: [
        { row: 2, field: 'dept', message: 'The department "imp-west" is outside your data scope: choose one of the departments you manage' },
        { row: 3, field: 'dept', message: 'Fill in a department: a user without one is outside your data scope' },
      ],
    });
  });
});
