import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import type { Database, Db } from './client';
import { migrationsFolder, runMigrations } from './migrate';
import { seed } from './seed';
import { MENU_SEED, type MenuSeed } from './seed-menus';
import { menus, roleMenus, seededMenus } from './schema';
import { openTestDatabase } from '../test/test-database';

/*
 * The menu rows have one source: the seed (src/db/seed-menus, reconciled at every start by seed.ts).
 * Migrations up to 0041 wrote menu rows into databases seeded before their entries existed; each of
 * them does nothing on a database without menus, so a fresh database gets its whole catalogue from the
 * seed, and the seed's catalogue already holds everything they add (run over it, they bring no entry or
 * value it lacks, and take none away). No later migration may write menu rows: a new entry goes into the seed.
 */

const log = { info: () => undefined, warn: () => undefined };

/** The statements of a migration file, as drizzle's migrator splits them. */
const statementsOf = (file: string): string[] =>
  readFileSync(join(migrationsFolder(), file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => s.trim() !== '');

/** A statement that writes rows of the menus table (role_menus and seeded_menus are other tables). */
const WRITES_MENUS = /\b(insert\s+into|update|delete\s+from)\s+(only\s+)?("?public"?\.)?"?menus"?(\s|\(|;|$)/i;
/** Comments aside, so a migration's explanation of an old one is no write. */
const withoutComments = (statement: string) => statement.replace(/--[^\n]*/g, '');
const writesMenus = (statement: string) => WRITES_MENUS.test(withoutComments(statement));

/** The migrations that wrote menu rows before the seed was reconciled at every start (drizzle/0042). */
const MENU_MIGRATIONS = [
  '0013_open_access_menu_buttons.sql',
  '0014_tenant_invite_menu_buttons.sql',
  '0024_platform_bind.sql',
  '0025_tenant_policy.sql',
  '0026_tenant_manage.sql',
  '0027_tenant_quota.sql',
  '0028_notice_admin.sql',
  '0030_upgrade_log.sql',
  '0032_notice_page_shown.sql',
  '0034_market_menu.sql',
  '0035_site_settings_menu.sql',
  '0037_dashboard_menus.sql',
  '0041_addresses_and_super_admin_role.sql',
];

const all = (entries: readonly MenuSeed[]): MenuSeed[] => entries.flatMap((m) => [m, ...all(m.children ?? [])]);

/** Every menu row with its parent's key instead of its id, in a stable order. */
async function catalogue(db: Db) {
  const rows = await db.select().from(menus).orderBy(asc(menus.id));
  const keyOf = new Map(rows.map((r) => [r.id, r.locale]));
  return rows
    .map((r) => ({
      key: r.locale,
      parent: r.parentId === null ? null : (keyOf.get(r.parentId) ?? `#${r.parentId}`),
      type: r.type,
      name: r.name,
      path: r.path,
      component: r.component,
      redirect: r.redirect,
      icon: r.icon,
      permissions: r.permissions,
      hidden: r.hidden,
      sort: r.sort,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** What the seed says the catalogue is, in catalogue()'s shape. */
const seedCatalogue = () => {
  const out: Awaited<ReturnType<typeof catalogue>> = [];
  const walk = (items: readonly MenuSeed[], parent: string | null) =>
    items.forEach((m, i) => {
      out.push({
        key: m.locale,
        parent,
        type: m.type,
        name: m.name,
        path: m.path ?? '',
        component: m.component ?? '',
        redirect: m.redirect ?? '',
        icon: m.icon ?? '',
        permissions: (m.permissions ?? []).map((c) => c.path).join(','),
        hidden: m.hidden ?? false,
        sort: (i + 1) * 10,
      });
      walk(m.children ?? [], m.locale);
    });
  walk(MENU_SEED, null);
  return out.sort((a, b) => a.key.localeCompare(b.key));
};

describe('menu rows come from the seed alone', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterEach(() => dispose());

  it('migrations write no menu row into a fresh database; migrations and seed give exactly the seed', async () => {
    await database.withStartupLock(async (db) => {
      await runMigrations(database, db);
      expect(await db.select().from(menus)).toEqual([]);
      expect(await db.select().from(roleMenus)).toEqual([]);
      expect(await db.select().from(seededMenus)).toEqual([]);
      await seed(db, { adminPassword: 'admin-password-1', log });
    });
    expect(await catalogue(database.db)).toEqual(seedCatalogue());
    expect(all(MENU_SEED).length).toBe(new Set(all(MENU_SEED).map((m) => m.locale)).size);
  });

  it("the old menu migrations find nothing in the seed's catalogue to add or change", async () => {
    await database.withStartupLock(async (db) => {
      await runMigrations(database, db);
      await seed(db, { adminPassword: 'admin-password-1', log });
    });
    // An entry's values, its id and place (sort) aside: 0027 and 0030 add their buttons again when run
    // twice, which is no news as long as the seed already has each of them as they write it.
    const entries = async (db: Db) => new Set((await catalogue(db)).map(({ sort: _sort, ...entry }) => JSON.stringify(entry)));
    const seeded = await entries(database.db);
    const rollback = new Error('rolled back');
    for (const file of MENU_MIGRATIONS) {
      const after = await database.db
        .transaction(async (tx) => {
          const statements = statementsOf(file).filter(writesMenus);
          expect(statements.length).toBeGreaterThan(0);
          for (const statement of statements) await tx.execute(sql.raw(statement));
          const found = await entries(tx as unknown as Db);
          throw Object.assign(rollback, { found });
        })
        .catch((err: unknown) => {
          if (err !== rollback) throw err;
          return (err as Error & { found: Set<string> }).found;
        });
      expect({ file, entries: [...after].filter((e) => !seeded.has(e)) }).toEqual({ file, entries: [] });
      expect({ file, entries: [...seeded].filter((e) => !after.has(e)) }).toEqual({ file, entries: [] });
    }
  });
});

describe('the migrations that write menu rows', () => {
  it('are the old ones only: a new menu entry goes into the seed (src/db/seed-menus), not into a migration', () => {
    const files = readdirSync(migrationsFolder())
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const writing = files.filter((f) => statementsOf(f).some(writesMenus));
    expect(writing).toEqual(MENU_MIGRATIONS);
  });

  it('are recognised by what they write, not by their comments', () => {
    for (const write of [
      'INSERT INTO menus (type) VALUES (1)',
      'update menus m set x = 1',
      'DELETE FROM "menus" WHERE id = 1',
      'UPDATE public.menus SET a = 1',
    ])
      expect(writesMenus(write)).toBe(true);
    for (const other of [
      'INSERT INTO role_menus (menu_id) VALUES (1)',
      'INSERT INTO seeded_menus (key) VALUES (1)',
      'ALTER TABLE menus ADD COLUMN x text',
      '-- the old UPDATE menus of 0013\nSELECT 1',
      'INSERT INTO menus_archive SELECT 1',
    ])
      expect(writesMenus(other)).toBe(false);
  });
});
