import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema';

/** Settings of `defaults`' keys; a missing or wrongly typed stored value falls back to the default. */
export async function readSettings<T extends Record<string, string | boolean | number>>(db: Db, defaults: T): Promise<T> {
  const rows = await db
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.key, Object.keys(defaults)));
  const out: Record<string, unknown> = { ...defaults };
  for (const row of rows) {
    if (typeof row.value === typeof defaults[row.key]) out[row.key] = row.value;
  }
  return out as T;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()` } });
}
