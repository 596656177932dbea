import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { menus } from '../../db/schema';
import { seed } from '../../db/seed';
import { openTestDatabase } from '../../test/test-database';
import { addMissingMenus } from './remote-menus';

/* A remote's declared pages and the seed's entries (db/seed.ts, seedMenus): a page the seed has is the seed's. */
let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await database.withStartupLock(async (db) => {
    await runMigrations(database, db);
    await seed(db, { log: { info: () => undefined, warn: () => undefined } });
  });
});
afterAll(() => dispose());

const org = (pages: { path: string; title: Record<string, string> }[]) => ({ name: 'org', title: { 'zh-CN': '组织', 'en-US': 'Org' }, icon: '', pages });

describe("a remote's declared pages", () => {
  it('leave a page the seed has to the seed: deleted by an administrator, a scan does not bring it back', async () => {
    const db = database.db;
    await db.delete(menus).where(eq(menus.path, '/org/post'));
    expect(await addMissingMenus(db, org([{ path: '/org/post', title: { 'zh-CN': '岗位管理', 'en-US': 'Posts' } }]))).toBe(0);
    expect(await db.select().from(menus).where(eq(menus.path, '/org/post'))).toEqual([]);
  });

  it('still get entries for pages the seed does not have', async () => {
    const db = database.db;
    expect(await addMissingMenus(db, org([{ path: '/org/extra', title: { 'zh-CN': '其他', 'en-US': 'Extra' } }]))).toBe(1);
    const [dir] = await db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/org'));
    expect(await db.select({ parentId: menus.parentId, locale: menus.locale }).from(menus).where(eq(menus.path, '/org/extra'))).toEqual([
      { parentId: dir!.id, locale: 'menu.org.extra' },
    ]);
  });
});
