import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { createTestApp, type TestApp } from '../test/test-app';
import { migrationsFolder } from './migrate';
import { rowsOf } from './typed';
import * as schema from './schema';

/*
 * The migrations in drizzle/ are what databases run; the code queries through the drizzle schema, and
 * drizzle-kit writes new migrations from the difference between the schema and its last snapshot
 * (drizzle/meta). This keeps the three agreeing, on PGlite and on PostgreSQL:
 * - every table, column (type and nullability) and named index the schema declares exists as declared
 *   in a database the migrations made;
 * - every table and column of that database is in the schema (an index may be the migrations' alone:
 *   drizzle cannot declare INCLUDE columns, and the trigram and partial indexes need no query change);
 * - `drizzle-kit generate` on the schema as it is would write no migration: the last snapshot is the
 *   schema (a schema change without its generated migration fails here).
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

const migratedColumns = () =>
  rowsOf<{ table: string; column: string; type: string; not_null: boolean }>(
    t.db,
    sql`select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`,
  );

describe('the drizzle schema and the migrated database', () => {
  it('agree on every table, column and named index the schema declares', async () => {
    const columns = await migratedColumns();
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

  it('agree on every table and column the migrations made', async () => {
    const declared = new Set(tables.flatMap((table) => getTableConfig(table).columns.map((c) => `${getTableConfig(table).name}.${c.name}`)));
    const undeclared = (await migratedColumns())
      .map((c) => `${c.table}.${c.column}`)
      .filter((key) => !declared.has(key))
      .map((key) => `${key}: in the database, not in the schema (declare it in src/db/schema-*.ts)`);
    expect(undeclared.sort()).toEqual([]);
  });
});

describe("drizzle-kit's last snapshot", () => {
  /** drizzle-kit diffs the schema against the newest snapshot in drizzle/meta. */
  const lastSnapshot = () => {
    const meta = join(migrationsFolder(), 'meta');
    const newest = readdirSync(meta)
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort()
      .at(-1)!;
    return JSON.parse(readFileSync(join(meta, newest), 'utf8')) as Parameters<typeof generateMigration>[0];
  };

  it('is the schema: `pnpm --filter @uc/server db:generate` would write no migration', async () => {
    const snapshot = lastSnapshot();
    const current = generateDrizzleJson(schema as Record<string, unknown>, snapshot.id);
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });

  it('is noticed when the schema moves on', async () => {
    const snapshot = lastSnapshot();
    const { users } = schema;
    const fewer = Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== users));
    const statements = await generateMigration(snapshot, generateDrizzleJson(fewer, snapshot.id));
    expect(statements.join('\n')).toMatch(/DROP TABLE "users"/);
  });
});
