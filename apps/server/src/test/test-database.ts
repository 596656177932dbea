import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database, type DatabaseOptions } from '../db/client';

/** Which database the suite runs on: UC_TEST_DB=pglite (default) or postgres (needs DATABASE_URL). */
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.UC_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('UC_TEST_DB=postgres needs DATABASE_URL: set it to postgres://user@host:5432/db');
  return url;
}

/** A new empty PostgreSQL database on the test server, so test files never collide. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `uc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl() });
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
  const database = await openPostgres(created.url, options);
  return {
    database,
    async dispose() {
      await database.close();
      await created.drop();
    },
  };
}
