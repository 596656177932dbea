import type { SQL } from 'drizzle-orm';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/*
 * drizzle types a transaction apart from its database (PgTransaction is not a PgDatabase) and a raw
 * query's result per driver (PGlite's and node-postgres' results differ in type, not in `rows`). The
 * code is written against one `Db` and reads `rows`: the two casts that makes true live here, once.
 */

/** Runs `fn` in a transaction (a savepoint inside one), with the same Db API as outside it. */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db), config);
}

/** The rows of a raw SQL statement, as the caller declares them (column names as selected). */
export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows?: Row[] };
  return result.rows ?? [];
}
