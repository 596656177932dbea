import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../test/test-app';
import { rowsOf } from './typed';
import * as schema from './schema';

/*
 * The migrations in drizzle/ are SQL written by hand since 0023 (row-level security, partial indexes and
 * data moves that drizzle-kit cannot write), while the code queries through the drizzle schema. This
 * keeps the two from drifting: every table, column (type and nullability) and named index the schema
 * declares exists as declared in a database the migrations made, on PGlite and on PostgreSQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
/** Types as format_type() writes them; drizzle writes serial types and spaces after commas. */
const normal = (type: string) =>
  type
    .replace(/\s*,\s*/g, ',')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer');

describe('the drizzle schema and the migrated database', () => {
  it('agree on every table, column and named index the schema declares', async () => {
    const columns = await rowsOf<{ table: string; column: string; type: string; not_null: boolean }>(
      t.db,
      sql`select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
    );
    const indexes = new Set(
      (await rowsOf<{ name: string }>(t.db, sql`select indexname as name from pg_indexes where schemaname = 'public'`)).map((r) => r.name),
    );
    const inDb = new Map(columns.map((c) => [`${c.table}.${c.column}`, { type: normal(c.type), notNull: c.not_null }]));
    expect(tables.length).toBeGreaterThan(20);
    const drift: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        const found = inDb.get(key);
        const declared = { type: normal(column.getSQLType()), notNull: column.notNull || column.primary };
        if (!found) drift.push(`${key}: declared ${declared.type}, not in the database`);
        else if (found.type !== declared.type || found.notNull !== declared.notNull)
          drift.push(`${key}: declared ${JSON.stringify(declared)}, the database has ${JSON.stringify(found)}`);
      }
      for (const index of config.indexes) {
        const name = index.config.name;
        if (name && !indexes.has(name)) drift.push(`${config.name}: index ${name} declared, not in the database`);
      }
    }
    expect(drift).toEqual([]);
  });
});
