import { sql } from 'drizzle-orm';
import { listParams, type FilterTriple } from '@uc/contracts';
import { users } from '../../db/schema';
import { auth, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      // admin + 12 users: u01..u12, with varied names, mobiles and login counts.
      for (let i = 1; i <= 12; i++) {
        const n = String(i).padStart(2, '0');
        await createUser(db, {
          username: `u${n}`,
          realName: i % 2 ? `Odd_${n}` : `Even%${n}`,
          mobile: `1380000${n}`,
          email: `u${n}@example.com`,
          loginCount: i,
        });
      }
      await db
        .update(users)
        .set({ deletedAt: sql`now()` })
        .where(sql`${users.username} = 'u12'`);
    },
  });
  token = await t.login();
});
afterAll(() => t.close());

const list = async (q: { page?: number; pageSize?: number; sort?: string; filter?: FilterTriple[] }) => {
  const res = await t.app.inject({ url: '/user/admin/member/list', query: listParams(q) as Record<string, string>, headers: auth(token) });
  return { status: res.statusCode, body: res.json() };
};
const names = async (filter: FilterTriple[], sort = 'username') =>
  (await list({ filter, sort, pageSize: 100 })).body.data.list.map((r: { username: string }) => r.username);

describe('member list', () => {
  it("pages the tenant's users, deleted ones excluded", async () => {
    const { body } = await list({ page: 2, pageSize: 5, sort: 'username' });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ page: 2, pageSize: 5, total: 12 });
    expect(body.data.list.map((r: { username: string }) => r.username)).toEqual(['u05', 'u06', 'u07', 'u08', 'u09']);
    expect(await names([])).not.toContain('u12');
  });

  it('defaults to page 1 of 10, newest first', async () => {
    const { body } = await list({});
    expect(body.data).toMatchObject({ page: 1, pageSize: 10, total: 12 });
    expect(body.data.list[0].username).toBe('u11');
  });

  it('sorts by several keys, descending with -', async () => {
    const { body } = await list({ sort: '-loginCount,username', pageSize: 3 });
    expect(body.data.list.map((r: { loginCount: number }) => r.loginCount)).toEqual([11, 10, 9]);
  });

  it.each<[string, FilterTriple[], string[]]>([
    ['=', [['username', '=', 'u03']], ['u03']],
    [
      '!=',
      [
        ['loginCount', '!=', 0],
        ['loginCount', '!=', 1],
      ],
      ['u02', 'u03', 'u04', 'u05', 'u06', 'u07', 'u08', 'u09', 'u10', 'u11'],
    ],
    ['>', [['loginCount', '>', 9]], ['u10', 'u11']],
    ['>=', [['loginCount', '>=', 10]], ['u10', 'u11']],
    ['<', [['loginCount', '<', 2]], ['admin', 'u01']],
    ['<=', [['loginCount', '<=', '2']], ['admin', 'u01', 'u02']],
    ['like (contains, % literal)', [['realName', 'like', 'n%1']], ['u10']],
    ['not_like', [['username', 'not_like', 'u']], ['admin']],
    ['like_left (suffix)', [['email', 'like_left', '11@example.com']], ['u11']],
    ['like_right (prefix)', [['realName', 'like_right', 'odd_0']], ['u01', 'u03', 'u05', 'u07', 'u09']],
    ['in', [['username', 'in', ['u01', 'u02', 'nobody']]], ['u01', 'u02']],
    [
      'not_in',
      [
        ['username', 'not_in', ['admin']],
        ['loginCount', 'not_in', [1, 2, 3, 4, 5, 6, 7, 8, 9]],
      ],
      ['u10', 'u11'],
    ],
    ['between', [['loginCount', 'between', [3, 4]]], ['u03', 'u04']],
    ['not_between', [['loginCount', 'not_between', [2, 10]]], ['admin', 'u01', 'u11']],
    ['null', [['lastLoginAt', 'null']], ['u01', 'u02', 'u03', 'u04', 'u05', 'u06', 'u07', 'u08', 'u09', 'u10', 'u11']],
    ['not_null', [['lastLoginAt', 'not_null']], ['admin']],
    ['keyword', [['keyword', '1380000 07']], []],
    ['keyword over several fields', [['keyword', 'U05@EXAMPLE']], ['u05']],
    [
      'date range',
      [
        ['createdAt', '>', '2000-01-01'],
        ['createdAt', '<', '2999-01-01T00:00:00Z'],
        ['username', '=', 'u01'],
      ],
      ['u01'],
    ],
  ])('filters with %s', async (_op, filter, expected) => {
    expect(await names(filter)).toEqual(expected);
  });

  it('treats _ in a like value as a plain character', async () => {
    expect(await names([['realName', 'like', 'd_0']])).toEqual(['u01', 'u03', 'u05', 'u07', 'u09']);
    expect(await names([['realName', 'like', 'n_0']])).toEqual([]);
  });

  it.each<[string, Record<string, string>, string]>([
    ['an unknown filter field', { filter: '[["password_hash","=","x"]]' }, 'Unknown field "password_hash": use one of'],
    ['an unknown operator', { filter: '[["username","~","x"]]' }, 'Unknown filter operator: use one of'],
    ['an unknown sort field', { sort: 'passwordHash' }, 'Unknown field "passwordHash": use one of'],
    [
      'a value of the wrong type',
      { filter: '[["loginCount","=","1 or 1=1"]]' },
      'loginCount needs a whole number from -2147483648 to 2147483647, got "1 or 1=1"',
    ],
    ['an id past any record', { filter: '[["id","=",1e19]]' }, 'id needs a whole number from -9007199254740991 to 9007199254740991, got 10000000000000000000'],
    ['points past the column', { filter: '[["integral","=",1e308]]' }, 'integral needs a whole number from -9007199254740991 to 9007199254740991, got 1e+308'],
    ['a fraction on a whole-number field', { filter: '[["status","=",1.5]]' }, 'status needs a whole number from -32768 to 32767, got 1.5'],
    ['a NUL character in a filter value', { filter: '[["username","like","a\\u0000b"]]' }, 'Filter values cannot contain the NUL character'],
    ['a NUL character in the keyword', { filter: '[["keyword","a\\u0000b"]]' }, 'Filter values cannot contain the NUL character'],
    ['like on a number', { filter: '[["id","like","1"]]' }, 'Operator like works on text fields only'],
    ['filter that is not JSON', { filter: 'username=admin' }, 'The filter must be a JSON array'],
    ['a page size over 100', { pageSize: '101' }, 'The page size must be at most 100'],
  ])('refuses %s with a 400 naming it', async (_what, query, message) => {
    const res = await t.app.inject({ url: '/user/admin/member/list', query, headers: auth(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-1);
    expect(res.json().message).toContain(message);
  });

  it('is harmless with SQL-looking values', async () => {
    for (const evil of ["' or 1=1 --", "admin'; drop table users; --", '%_%', '\\', "u01') or ('1'='1"]) {
      expect(await names([['username', '=', evil]])).toEqual([]);
      expect(await names([['keyword', evil]])).toEqual([]);
    }
    expect((await list({})).body.data.total).toBe(12);
    // A % is a character like any other: it finds the names that contain one.
    expect(await names([['keyword', '%']])).toEqual(['u02', 'u04', 'u06', 'u08', 'u10']);
  });
});
