import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openPglite, openPostgres, type Database, type DatabaseOptions } from '../db/client';
import { migrateRecorded } from '../modules/upgrade-log/schema-upgrade';
import { seed } from '../db/seed';
import { databaseUrlNamed, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, testDbKind, testServerUrl, unsyncedUrl } from './template-env';

/** The password of the seeded `admin` in every test database made by openSeededTestDatabase. */
export const ADMIN_PASSWORD = 'admin-password-1';

export { testDbKind };

/**
 * A new PostgreSQL database on the test server, so test files never collide: empty, or a copy of
 * `template` (which nobody may be connected to while it is copied).
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `uc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlNamed(name),
    async drop() {
      const c = new pg.Client({ connectionString: testServerUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fresh, empty database of the kind under test; `dispose` closes and removes it. */
export async function openTestDatabase(dataDir?: string, options: DatabaseOptions = {}): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const database = await openPglite(dataDir);
    return { database, dispose: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openPostgres(unsyncedUrl(created.url), options);
  return {
    database,
    async dispose() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A database of the kind under test, migrated and seeded (the `admin` with ADMIN_PASSWORD): a copy of
 * the run's template when globalSetup made one, else migrated and seeded here. `dispose` closes and
 * removes it. Tests of migrations and of the seed itself start from openTestDatabase's empty one.
 */
export async function openSeededTestDatabase(options: DatabaseOptions = {}): Promise<{ database: Database; dispose(): Promise<void> }> {
  const pgliteTemplate = process.env[PGLITE_TEMPLATE_ENV];
  const postgresTemplate = process.env[POSTGRES_TEMPLATE_ENV];
  if (testDbKind() === 'pglite' && pgliteTemplate) {
    const database = await openPglite(undefined, { loadDataDir: new Blob([readFileSync(pgliteTemplate)]) });
    return { database, dispose: () => database.close() };
  }
  if (testDbKind() === 'postgres' && postgresTemplate) {
    const created = await createPostgresDatabase(postgresTemplate);
    const database = await openPostgres(unsyncedUrl(created.url), options);
    return {
      database,
      async dispose() {
        await database.close();
        await created.drop();
      },
    };
  }
  const opened = await openTestDatabase(undefined, options);
  await opened.database.withStartupLock(async (db) => {
    await migrateRecorded(opened.database, db);
    await seed(db, { adminPassword: ADMIN_PASSWORD, log: { info: () => undefined, warn: () => undefined } });
  });
  return opened;
}
