import { eq, like, sql } from 'drizzle-orm';
import { listParams, type FilterTriple } from '@uc/contracts';
import { tenants, users } from '../../db/schema';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { rowsOf } from '../../db/typed';
import { auth, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      // admin + 12 users, one of them deleted: 12 live.
      for (let i = 1; i <= 12; i++) await createUser(db, { username: `u${String(i).padStart(2, '0')}` });
      await db
        .update(users)
        .set({ deletedAt: sql`now()` })
        .where(eq(users.username, 'u12'));
    },
  });
  token = await t.login();
});
afterAll(() => t.close());

const list = async (q: { pageSize?: number; filter?: FilterTriple[] }) => {
  const res = await t.app.inject({ url: '/user/admin/member/list', query: listParams(q) as Record<string, string>, headers: auth(token) });
  return { status: res.statusCode, body: res.json() };
};

describe("the whole tenant's total, kept by the database", () => {
  // Unfiltered, the total is the database's count of the tenant's live users (drizzle/0047); a filter
  // every user passes makes the list count its rows instead. The two agree after every kind of write.
  const totals = async () => [
    (await list({ pageSize: 1 })).body.data.total as number,
    (await list({ pageSize: 1, filter: [['id', '>', 0]] })).body.data.total as number,
  ];
  const bulk = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ tenantId: PLATFORM_TENANT_ID, username: `bulk${from + i}`, passwordHash: 'x' }));

  it('follows inserts, deletions, restores, purges and moves to another tenant', async () => {
    expect(await totals()).toEqual([12, 12]);
    await t.db.insert(users).values(bulk(3));
    expect(await totals()).toEqual([15, 15]);
    await t.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(like(users.username, 'bulk%'));
    expect(await totals()).toEqual([12, 12]);
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.username, 'bulk0'));
    expect(await totals()).toEqual([13, 13]);
    // A purge of a deleted user changes nothing; of a live one, one less.
    await t.db.delete(users).where(eq(users.username, 'bulk1'));
    expect(await totals()).toEqual([13, 13]);
    await t.db.delete(users).where(eq(users.username, 'bulk0'));
    expect(await totals()).toEqual([12, 12]);
    // An update that neither deletes nor moves (a sign-in's counters) leaves it.
    await t.db.update(users).set({ loginCount: sql`${users.loginCount} + 1` });
    expect(await totals()).toEqual([12, 12]);
    const [other] = await t.db.insert(tenants).values({ name: 'Elsewhere', code: 'elsewhere' }).returning({ id: tenants.id });
    await t.db.update(users).set({ tenantId: other!.id }).where(eq(users.username, 'bulk2'));
    expect(await totals()).toEqual([12, 12]);
    await t.db.update(users).set({ tenantId: other!.id, deletedAt: null }).where(eq(users.username, 'bulk2'));
    expect(await totals()).toEqual([12, 12]);
    await t.db.update(users).set({ tenantId: PLATFORM_TENANT_ID }).where(eq(users.username, 'bulk2'));
    expect(await totals()).toEqual([13, 13]);
    await t.db.delete(users).where(eq(users.username, 'bulk2'));
    expect(await totals()).toEqual([12, 12]);
  });

  it('folds its parts once they are many, and stays right', async () => {
    for (let i = 0; i < 40; i++) await t.db.insert(users).values(bulk(1, 100 + i));
    expect(await totals()).toEqual([52, 52]);
    const [parts] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from user_counts where tenant_id = ${PLATFORM_TENANT_ID}`);
    expect(parts!.n).toBeLessThanOrEqual(2);
    await t.db.delete(users).where(like(users.username, 'bulk%'));
    expect(await totals()).toEqual([12, 12]);
  });
});
