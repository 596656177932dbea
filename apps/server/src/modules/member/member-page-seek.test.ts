import { eq, inArray, like, sql } from 'drizzle-orm';
import { listParams, type FilterTriple } from '@uc/contracts';
import { tenants, users } from '../../db/schema';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { withTenant } from '../../db/tenant-scope';
import { rowsOf } from '../../db/typed';
import { auth } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
/** Ids over ten blocks of 1,024 (drizzle/0048), a few to a block, some blocks empty, some on a block's first and last id. */
const IDS = [...Array.from({ length: 30 }, (_, i) => 20_000 + i * 347), 21 * 1024, 22 * 1024 - 1, 26 * 1024, 26 * 1024 + 1];
beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      await db.insert(users).values(IDS.map((id) => ({ id, tenantId: PLATFORM_TENANT_ID, username: `seek${id}`, passwordHash: 'x' })));
    },
  });
  token = await t.login();
});
afterAll(() => t.close());

type Page = { ids: number[]; total: number; totalExact: boolean };
const list = async (q: { page: number; pageSize: number; sort?: string; filter?: FilterTriple[] }): Promise<Page> => {
  const res = await t.app.inject({ url: '/user/admin/member/list', query: listParams(q) as Record<string, string>, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { list: { id: number }[]; total: number; totalExact: boolean };
  return { ids: data.list.map((r) => r.id), total: data.total, totalExact: data.totalExact };
};

/**
 * Every page by number, unfiltered (found through the id blocks) and behind a filter every user
 * passes (rows skipped one by one, as before the blocks): the same rows, page after page, both ways.
 */
async function expectSamePages(): Promise<void> {
  for (const sort of ['-id', 'id']) {
    for (const pageSize of [3, 7]) {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const [found, skipped] = await Promise.all([list({ page, pageSize, sort }), list({ page, pageSize, sort, filter: [['id', '>', 0]] })]);
        expect({ sort, pageSize, page, ...found }).toEqual({ sort, pageSize, page, ...skipped });
        if (found.ids.length === 0) break;
        seen.push(...found.ids);
      }
      // And the pages together are the whole list, each user once, in order.
      const [all] = await rowsOf<{ ids: number[] }>(
        t.db,
        sql`select array_agg(id::int order by id ${sql.raw(sort === 'id' ? 'asc' : 'desc')}) as ids from users where tenant_id = ${PLATFORM_TENANT_ID} and deleted_at is null`,
      );
      expect(seen).toEqual(all!.ids);
    }
  }
}

describe("pages by number of a whole tenant's users, through its id blocks", () => {
  it('are the pages the offset gives, after inserts, deletions, restores, purges and moves', async () => {
    await expectSamePages();
    // A page past the end is empty, as it was.
    expect((await list({ page: 40, pageSize: 7 })).ids).toEqual([]);

    await t.db
      .insert(users)
      .values([5, 26_000, 40_000].map((n) => ({ id: n + 100_000, tenantId: PLATFORM_TENANT_ID, username: `late${n}`, passwordHash: 'x' })));
    await t.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(inArray(users.id, [IDS[3]!, IDS[4]!, IDS[20]!]));
    await expectSamePages();

    await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, IDS[4]!));
    await t.db.delete(users).where(inArray(users.id, [IDS[3]!, IDS[10]!]));
    const [other] = await t.db.insert(tenants).values({ name: 'Elsewhere', code: 'seek-elsewhere' }).returning({ id: tenants.id });
    await t.db.update(users).set({ tenantId: other!.id }).where(eq(users.id, IDS[12]!));
    // A changed id moves its user to another block.
    await t.db.update(users).set({ id: 1_000 }).where(eq(users.id, IDS[25]!));
    await expectSamePages();
  });

  it('stays right once its deltas are folded', async () => {
    for (let i = 0; i < 40; i++)
      await t.db.insert(users).values({ id: 200_000 + i * 500, tenantId: PLATFORM_TENANT_ID, username: `fold${i}`, passwordHash: 'x' });
    // Any unfiltered list page reads the tenant's count, which folds the deltas of both.
    await list({ page: 1, pageSize: 3 });
    const [parts] = await rowsOf<{ n: number; blocks: number }>(
      t.db,
      sql`select count(*)::int as n, count(distinct block)::int as blocks from user_id_blocks where tenant_id = ${PLATFORM_TENANT_ID}`,
    );
    expect(parts!.n).toBe(parts!.blocks);
    await expectSamePages();
    await t.db.delete(users).where(like(users.username, 'fold%'));
    await expectSamePages();
  });

  it('cannot be read by the application role: only the seek reads the blocks', async () => {
    const refused = await withTenant(t.db, PLATFORM_TENANT_ID, (tx) => tx.execute(sql`select * from user_id_blocks limit 1`)).catch(
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );
    expect(refused).toMatch(/permission denied/);
  });
});
