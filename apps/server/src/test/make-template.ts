/*
 * Makes the migrated and seeded database every test file starts from (see template-database.ts), once
 * per jest run. Run by jest's globalSetup in a child process (tsx, ESM): jest loads its hooks without
 * the module mapping the server's code needs in CommonJS, and the child gives PGlite's memory back.
 *
 *   tsx src/test/make-template.ts pglite <file>      migrates an in-memory PGlite, writes its data dir (tar) to <file>
 *   tsx src/test/make-template.ts postgres <name>    creates database <name> on DATABASE_URL's server, migrated
 */
import { writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/client';
import { migrateRecorded } from '../modules/upgrade-log/schema-upgrade';
import { seed } from '../db/seed';
import { databaseUrlNamed, testServerUrl, unsyncedUrl } from './template-env';
import { ADMIN_PASSWORD } from './test-database';

const quiet = { info: () => undefined, warn: () => undefined };

async function migrateAndSeed(database: Database): Promise<void> {
  await database.withStartupLock(async (db) => {
    await migrateRecorded(database, db);
    await seed(db, { adminPassword: ADMIN_PASSWORD, log: quiet });
  });
}

async function pgliteTemplate(file: string): Promise<void> {
  const database = await openPglite(undefined);
  try {
    await migrateAndSeed(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // Uncompressed: every test file loads it, and gunzip would cost each more than the disk does.
    const tar = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
  } finally {
    await database.close();
  }
}

async function postgresTemplate(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  // Closed before anyone clones it: PostgreSQL copies a database only while nobody is connected to it.
  const database = await openPostgres(unsyncedUrl(databaseUrlNamed(name)));
  try {
    await migrateAndSeed(database);
  } finally {
    await database.close();
  }
}

const [kind, target] = process.argv.slice(2);
if (!target || (kind !== 'pglite' && kind !== 'postgres')) {
  console.error('usage: tsx src/test/make-template.ts pglite <file> | postgres <database name>');
  process.exit(2);
}
(kind === 'pglite' ? pgliteTemplate(target) : postgresTemplate(target)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
