import { join } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { serverRoot } from '../lib/server-root';
import { appliedMigrations, readJournal, recordSchemaUpgrade } from '../modules/upgrade-log/schema-upgrade';
import type { Database, Db } from './client';
import { applyDeclarations } from './policies/apply';

/** The committed SQL migrations (apps/server/drizzle), found from src/ and from dist/. */
export const migrationsFolder = (): string => join(serverRoot(), 'drizzle');

/**
 * Applies the pending migrations, then the declared row-level security, policies and triggers
 * (policies/apply.ts: only what differs); `db` is the connection holding the start-up lock. When any
 * migrations were applied, the upgrade log gets the server's entry naming them
 * (modules/upgrade-log/schema-upgrade.ts).
 */
export async function runMigrations(database: Database, db: Db): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  const before = await appliedMigrations(db);
  if (database.kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, config);
  else await migratePg(db as unknown as NodePgDatabase, config);
  await applyDeclarations(db);
  await recordSchemaUpgrade(db, before, { journal: readJournal(config.migrationsFolder) });
}
