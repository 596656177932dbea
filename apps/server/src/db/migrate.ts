import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { serverRoot } from '../lib/server-root';
import type { Database, Db } from './client';
import { appliedMigrations } from './migration-journal';
import { applyDeclarations } from './policies/apply';

/** The committed SQL migrations (apps/server/drizzle), found from src/ and from dist/. */
export const migrationsFolder = (): string => join(serverRoot(), 'drizzle');

/**
 * Applies the pending migrations, then the declared row-level security, policies and triggers
 * (policies/apply.ts: only what differs); `db` is the connection holding the start-up lock. Answers the
 * migrations the database had before (by journal `when`), for the upgrade log's entry naming the ones
 * applied (modules/upgrade-log/schema-upgrade.ts: migrateRecorded, which start-up calls).
 */
export async function runMigrations(database: Database, db: Db): Promise<ReadonlySet<number>> {
  const config = { migrationsFolder: migrationsFolder() };
  const before = await appliedMigrations(db);
  if (database.kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, config);
  else await migratePg(db as unknown as NodePgDatabase, config);
  await applyDeclarations(db);
  return before;
}
