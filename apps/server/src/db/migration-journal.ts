import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './typed';

/** One migration of drizzle/meta/_journal.json: `when` is what drizzle stores as the applied row's created_at. */
export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return [...journal.entries].sort((a, b) => a.idx - b.idx);
}

/** The migrations applied to the database, by their journal `when` (none before the first migration). */
export async function appliedMigrations(db: Db): Promise<Set<number>> {
  // drizzle's own bookkeeping table (schema "drizzle"), absent until the first migration ran.
  const [table] = await rowsOf<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return new Set();
  const rows = await rowsOf<{ created_at: string }>(db, sql`select created_at::text as created_at from drizzle.__drizzle_migrations`);
  return new Set(rows.map((r) => Number(r.created_at)));
}
