import { bigint, foreignKey, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { menus } from './schema-core';
import { ts } from './schema-columns';

/*
 * The seeded menu keys (drizzle/0042_seeded_menus.sql): one row per entry of the seed's catalogue
 * (src/db/seed-menus, keyed by its `locale`) that the seed has ever written, with the row it wrote.
 * The seed adds at each start the entries whose key is not here, never adds a key that is again (one
 * an administrator deleted, menu_id then null, stays deleted), and changes in a seeded entry only the
 * fields the administrator left as the seed last wrote them (`seeded`), so his edits are kept.
 * The server's own table: uc_app has no privilege on it (only the start-up seed reads and writes it).
 */

/** What the seed writes of an entry and follows later (seed.ts, seedMenus). */
export interface SeededMenuValues {
  type: number;
  name: string;
  path: string;
  component: string;
  redirect: string;
  icon: string;
  permissions: string;
  hidden: boolean;
}

export const seededMenus = pgTable(
  'seeded_menus',
  {
    key: text('key').primaryKey(),
    /** The entry the seed wrote; null once it was deleted (or when the seed left it out). */
    menuId: bigint('menu_id', { mode: 'number' }),
    /** The entry's values as the seed last wrote them; null: not known yet (recorded by drizzle/0042). */
    seeded: jsonb('seeded').$type<SeededMenuValues>(),
    seededAt: ts('seeded_at').notNull().defaultNow(),
  },
  (t) => [foreignKey({ columns: [t.menuId], foreignColumns: [menus.id] }).onDelete('set null')],
);
