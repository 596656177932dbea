/*
 * What the test processes tell each other, without importing the server (jest's global hooks load
 * this without the CommonJS mapping the server's code needs).
 */

/** Which database the suite runs on: UC_TEST_DB=pglite (default) or postgres (needs DATABASE_URL). */
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.UC_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/*
 * The migrated and seeded database a run's test files start from, made once by jest's globalSetup
 * (global-setup.ts, make-template.ts) and named to the workers in these variables: PGlite's data
 * directory as a tar file, and a PostgreSQL database to copy (CREATE DATABASE ... TEMPLATE). Without
 * them (a run without the globalSetup) each file migrates and seeds its own.
 */
export const PGLITE_TEMPLATE_ENV = 'UC_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'UC_TEST_POSTGRES_TEMPLATE';

export function testServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('UC_TEST_DB=postgres needs DATABASE_URL: set it to postgres://user@host:5432/db');
  return url;
}

/** DATABASE_URL with another database name. */
export function databaseUrlNamed(name: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * `url` for a test's own connections: commits do not wait for the WAL to reach the disk (2 ms each on
 * this CI machine's disk, thousands per file). Nothing a test checks depends on surviving a crash of
 * the database server. Not for URLs a test hands to a pooler (PgBouncer refuses the parameter).
 */
export function unsyncedUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', '-c synchronous_commit=off');
  return u.toString();
}
