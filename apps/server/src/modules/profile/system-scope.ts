import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Runs `fn` inside the caller's tenant transaction as the connecting user rather than uc_app: for the
 * tables uc_app has no privilege on (SMS codes, rate limits: drizzle/0015), which a signed-in user's
 * own call needs to send or check a code or to count password guesses. Reviewed bypass: `fn` touches
 * only those tables, never tenant data. The same transaction (PGlite has one connection, so a
 * statement on the system connection would wait for this transaction forever): a refusal whose counts
 * must stand is a RefusalAfterCommit.
 */
export async function inSystemScope<T>(tx: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  // SET LOCAL ROLE NONE: back to the connecting user until uc_app is set again below.
  await tx.execute(sql`select set_config('role', 'none', true)`);
  try {
    return await fn(tx);
  } finally {
    // A failed statement aborted the transaction: nothing runs in it any more, as either role.
    await tx.execute(sql`select set_config('role', 'uc_app', true)`).catch(() => undefined);
  }
}
