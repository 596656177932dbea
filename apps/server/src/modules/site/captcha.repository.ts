import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';

/** Keeps a captcha's code hash until it expires. */
export async function insertCaptcha(db: Db, row: { id: string; codeHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(captchas).values(row);
}

/** Removes the captchas expired for an hour: useless, and they only grow the table. */
export async function deleteExpiredCaptchas(db: Db): Promise<void> {
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now() - interval '1 hour'`));
}

/** Marks the captcha used if it was unused and unexpired; its code hash then, else undefined. */
export async function spendCaptcha(db: Db, id: string): Promise<string | undefined> {
  const spent = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .returning({ codeHash: captchas.codeHash });
  return spent[0]?.codeHash;
}
