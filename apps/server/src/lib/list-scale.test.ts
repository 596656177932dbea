import { sql } from 'drizzle-orm';
import { LIST_TOTAL_CAP, listParams, type FilterTriple } from '@uc/contracts';
import type { Db } from '../db/client';
import { PLATFORM_TENANT_ID } from '../db/seed';
import { withTenant } from '../db/tenant-scope';
import { auth, createTenant } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * The list mechanism at a size past the total cap (issue 11): capped totals, keyset paging, and
 * search that answers exactly what an ILIKE scan does, through trigram indexes under row security.
 * 10,050 users in the platform tenant plus some in another tenant, written with one SQL statement.
 */

const BULK = 10_050;
let t: TestApp;
let token: string;
let otherTenant: number;

beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      otherTenant = (await createTenant(db, { code: 'scale-other' })).tenantId;
      // Ties on purpose: sex alternates, created_at takes 3 values, last_login_at is null for a third.
      await db.execute(sql`
        insert into users (tenant_id, username, password_hash, real_name, mobile, email, sex, created_at, last_login_at)
        select ${PLATFORM_TENANT_ID}, 'bulk' || g, 'x', 'Name ' || (g % 97), '139' || lpad(g::text, 8, '0'), 'bulk' || g || '@example.com',
               g % 2, timestamptz '2026-01-01 00:00:00.123456+00' + (g % 3) * interval '1 microsecond',
               case when g % 3 = 0 then null else timestamptz '2026-02-01 00:00:00+00' + (g % 5) * interval '1 second' end
        from generate_series(1, ${BULK}) g`);
      // Another tenant's users match the same searches; they must never show up.
      await db.execute(sql`
        insert into users (tenant_id, username, password_hash, real_name, email)
        select ${otherTenant}, 'otherbulk' || g, 'x', 'Name ' || (g % 97), 'bulk' || g || '@other.example.com'
        from generate_series(1, 300) g`);
      await db.execute(sql`analyze users`);
    },
  });
  token = await t.login();
});
afterAll(() => t.close());

interface Page {
  list: { id: number; username: string }[];
  total: number;
  totalExact: boolean;
  next: string | null;
}
const list = async (q: { page?: number; pageSize?: number; sort?: string; filter?: FilterTriple[]; after?: string }) => {
  const res = await t.app.inject({ url: '/user/admin/member/list', query: listParams(q) as Record<string, string>, headers: auth(token) });
  return { status: res.statusCode, body: res.json<{ code: number; message: string; data: Page }>() };
};

/** Every page through the keyset cursors. */
async function walk(q: { pageSize: number; sort?: string; filter?: FilterTriple[] }): Promise<number[]> {
  const ids: number[] = [];
  let after: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const { body } = await list({ ...q, ...(after ? { after } : {}) });
    expect(body.code).toBe(0);
    ids.push(...body.data.list.map((r) => r.id));
    if (!body.data.next) return ids;
    expect(body.data.list).toHaveLength(q.pageSize);
    after = body.data.next;
  }
  throw new Error('the walk did not end');
}

/** Ids of the platform tenant's live users matching `where`, in `order`, read as the table owner (no row security). */
async function ownerIds(where: ReturnType<typeof sql>, order: ReturnType<typeof sql>): Promise<number[]> {
  const r = await t.db.execute(sql`select id from users where tenant_id = ${PLATFORM_TENANT_ID} and deleted_at is null and (${where}) order by ${order}`);
  return (r as unknown as { rows: { id: number | string }[] }).rows.map((x) => Number(x.id));
}

describe('list totals', () => {
  it('says "more than" past the cap, without counting everything', async () => {
    const { body } = await list({});
    expect(body.data).toMatchObject({ total: LIST_TOTAL_CAP, totalExact: false });
    expect(body.data.list).toHaveLength(10);
    expect(body.data.next).toEqual(expect.any(String));
  });

  it('is exact under the cap', async () => {
    const { body } = await list({ filter: [['username', 'like_right', 'bulk1']] });
    const expected = (await ownerIds(sql`username ilike 'bulk1%'`, sql`id`)).length;
    expect(expected).toBe(1 + 10 + 100 + 1000 + 51);
    expect(body.data).toMatchObject({ total: expected, totalExact: true });
  });

  it('is exact on the last page, whatever its size, and a lower bound on a page past the cap', async () => {
    const last = await list({ page: Math.ceil((BULK + 1) / 100), pageSize: 100 });
    expect(last.body.data).toMatchObject({ total: BULK + 1, totalExact: true, next: null });
    expect(last.body.data.list).toHaveLength((BULK + 1) % 100);
    const deep = await list({ page: 1001, pageSize: 10 });
    expect(deep.body.data).toMatchObject({ total: 10_010, totalExact: false });
  });
});

describe('keyset paging', () => {
  const filter: FilterTriple[] = [['username', 'like_right', 'bulk2']];
  it.each<[string, ReturnType<typeof sql>]>([
    ['-id', sql`id desc`],
    ['sex,-createdAt', sql`sex, created_at desc, id desc`],
    ['-sex,createdAt', sql`sex desc, created_at, id desc`],
    ['lastLoginAt', sql`last_login_at, id desc`],
    ['-lastLoginAt,sex', sql`last_login_at desc, sex, id desc`],
    ['realName,-loginCount', sql`real_name, login_count desc, id desc`],
  ])('returns every row once, in order, across pages with ties (sort %s)', async (sort, order) => {
    const expected = await ownerIds(sql`username ilike 'bulk2%'`, order);
    expect(expected.length).toBeGreaterThan(1000);
    const ids = await walk({ pageSize: 97, sort, filter });
    expect(ids).toEqual(expected);
  });

  it('starts where offset paging would', async () => {
    const first = await list({ pageSize: 20, sort: 'sex,-createdAt', filter });
    const second = await list({ pageSize: 20, sort: 'sex,-createdAt', filter, after: first.body.data.next! });
    const byOffset = await list({ page: 2, pageSize: 20, sort: 'sex,-createdAt', filter });
    expect(second.body.data.list.map((r) => r.id)).toEqual(byOffset.body.data.list.map((r) => r.id));
    expect(second.body.data).toMatchObject({ total: byOffset.body.data.total, totalExact: true });
  });

  it('refuses a forged cursor, or one of another sort, with a 400 naming after', async () => {
    const forged = Buffer.from(JSON.stringify({ s: '-id', v: ['1; drop table users'] })).toString('base64url');
    const wrongType = await list({ after: forged });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/after/);
    const first = await list({ sort: 'username' });
    const other = await list({ sort: '-username', after: first.body.data.next! });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/another sort/);
    expect((await list({ after: 'bm90IGpzb24' })).status).toBe(400);
    const badDate = Buffer.from(JSON.stringify({ s: 'created_at,-id', v: ['2026-13-45 99:00:00+00', '1'] })).toString('base64url');
    expect((await list({ sort: 'createdAt', after: badDate })).status).toBe(400);
    const february30 = Buffer.from(JSON.stringify({ s: 'created_at,-id', v: ['2026-02-30 00:00:00+00', '1'] })).toString('base64url');
    expect((await list({ sort: 'createdAt', after: february30 })).status).toBe(400);
  });
});

describe('search', () => {
  it.each<[string, FilterTriple[], ReturnType<typeof sql>]>([
    [
      'keyword',
      [['keyword', 'bulk123']],
      sql`username ilike '%bulk123%' or real_name ilike '%bulk123%' or mobile ilike '%bulk123%' or email ilike '%bulk123%'`,
    ],
    [
      'keyword (digits of the mobile)',
      [['keyword', '0000777']],
      sql`username ilike '%0000777%' or real_name ilike '%0000777%' or mobile ilike '%0000777%' or email ilike '%0000777%'`,
    ],
    [
      'keyword (case, spaces)',
      [['keyword', 'NAME 42']],
      sql`username ilike '%name 42%' or real_name ilike '%name 42%' or mobile ilike '%name 42%' or email ilike '%name 42%'`,
    ],
    ['like', [['username', 'like', 'lk99']], sql`username ilike '%lk99%'`],
    ['like (short)', [['username', 'like', '7']], sql`username ilike '%7%'`],
    ['like_left', [['email', 'like_left', '5@example.com']], sql`email ilike '%5@example.com'`],
    ['not_like', [['username', 'not_like', 'bulk1']], sql`username not ilike '%bulk1%'`],
  ])('finds the same rows as an ILIKE scan, and none of another tenant (%s)', async (_name, filter, where) => {
    const expected = await ownerIds(where, sql`id desc`);
    expect(expected.length).toBeGreaterThan(0);
    const ids = await walk({ pageSize: 100, filter });
    expect(ids).toEqual(expected);
    const { body } = await list({ filter });
    expect(body.data.totalExact).toBe(expected.length <= LIST_TOTAL_CAP);
    if (body.data.totalExact) expect(body.data.total).toBe(expected.length);
  });

  it('sends no pattern that could fail on some rows only: a value ending in a backslash matches itself', async () => {
    // A pattern ending in the escape character fails on rows matching what comes before it, which
    // would tell about other tenants' rows once ILIKE is leakproof (drizzle/0019_list_scale.sql).
    for (const filter of [
      [['username', 'like', 'bulk1\\']],
      [['keyword', 'bulk1\\']],
      [['email', 'like_right', 'bulk1\\']],
      [['email', 'like_left', '\\']],
    ] as FilterTriple[][]) {
      const { status, body } = await list({ filter });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ list: [], total: 0, totalExact: true });
    }
  });

  it('can use the trigram index under row security', async () => {
    const plan = await withTenant(t.db, PLATFORM_TENANT_ID, async (tx: Db) => {
      // Whether the planner may use the index (at 10,000 rows it prefers reading them all): when
      // ILIKE is not leakproof the policy must run first, and the only plan left is the disabled scan.
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = await tx.execute(sql`explain select id from users where username ilike ${'%bulk4321%'} escape '\\'`);
      return (r as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/users_username_trgm_idx/);
  });

  it('shows another tenant only its own rows', async () => {
    const rows = await withTenant(t.db, otherTenant, async (tx: Db) => {
      const r = await tx.execute(sql`select tenant_id from users where email ilike ${'%bulk1%'}`);
      return (r as unknown as { rows: { tenant_id: number | string }[] }).rows;
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number(r.tenant_id) === otherTenant)).toBe(true);
  });
});
