import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from './client';
import { runMigrations } from './migrate';
import { seed } from './seed';
import { menus, siteSettings, tenants, users } from './schema';
import { createPostgresDatabase, testDbKind } from '../test/test-database';

const log = { info: jest.fn(), warn: jest.fn() };

async function counts(database: Database) {
  const db = database.db;
  const [t] = await db.select({ n: count() }).from(tenants);
  const [u] = await db.select({ n: count() }).from(users);
  const [m] = await db.select({ n: count() }).from(menus);
  const [s] = await db.select({ n: count() }).from(siteSettings);
  return { tenants: t?.n, users: u?.n, menus: m?.n, settings: s?.n };
}

/** Start = open, migrate, seed, as main.ts does; twice on the same data must change nothing. */
describe('migrations and seed', () => {
  let open: () => Promise<Database>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (testDbKind() === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'uc-seed-'));
      open = () => openPglite(join(dir, 'pglite'));
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const created = await createPostgresDatabase();
      open = () => openPostgres(created.url);
      cleanup = () => created.drop();
    }
  });
  afterAll(() => cleanup());

  const start = async (adminPassword?: string) => {
    const database = await open();
    await database.withStartupLock(async (db) => {
      await runMigrations(database, db);
      await seed(db, { adminPassword, log });
    });
    return database;
  };

  it('creates the platform, admin, menus and settings once, and prints a generated password once', async () => {
    const first = await start();
    const before = await counts(first);
    expect(before).toEqual({ tenants: 1, users: 1, menus: expect.any(Number), settings: 10 });
    expect(before.menus).toBeGreaterThan(20);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatch(/generated password: \S{16}/);
    await first.close();

    const second = await start('another-password');
    expect(await counts(second)).toEqual(before);
    expect(log.warn).toHaveBeenCalledTimes(1);
    // The tenants identity moved past the explicit platform id.
    const [next] = await second.db.insert(tenants).values({ name: 'T2', code: 't2' }).returning({ id: tenants.id });
    expect(next?.id).toBeGreaterThan(1);
    // The role for later row-level security exists and may read the tables.
    const granted = await second.db.execute(sql`select has_table_privilege('uc_app', 'users', 'SELECT') as ok`);
    expect((granted as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok).toBe(true);
    await second.close();
  });
});
