import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
// Trigram indexes for list search (drizzle/0019_list_scale.sql).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database (or a transaction of it): the same API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up log (no password). */
  location: string;
  /** Closes the connections; PGlite flushes its files so the data directory is never left corrupt. */
  close(): Promise<void>;
  /** Runs `fn` holding the database-wide start-up lock (migrations and seed of concurrent instances). */
  withStartupLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
}

/** Embedded PGlite: file-backed in `dataDir`, or in memory when `dataDir` is undefined (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    location: dataDir ?? 'memory',
    close: () => client.close(),
    // One process owns a PGlite directory, so there is nobody to race with.
    withStartupLock: (fn) => fn(db),
  };
}

const STARTUP_LOCK = 873_401_002;

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection the server ends (restart, failover, DROP DATABASE) is an 'error' event on the
  // pool; unhandled, it would crash the process. The pool replaces the connection on the next query.
  pool.on('error', (err) => console.warn(`PostgreSQL closed an idle connection: ${err.message}`));
  // Fail fast with a clear message instead of on the first request.
  const probe = await pool.connect().catch((err: Error) => {
    void pool.end();
    throw new Error(`Cannot connect to DATABASE_URL (${redact(url)}): ${err.message}. Check that PostgreSQL runs and the URL is right, or unset DATABASE_URL to use the embedded database`);
  });
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    location: redact(url),
    close: () => pool.end(),
    async withStartupLock(fn) {
      // An advisory lock lives on one connection: hold it on a dedicated client for the whole run.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn(drizzlePg({ client, schema }) as unknown as Db);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        client.release();
      }
    },
  };
}

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}
