import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import * as svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

const hashCode = (code: string): string => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

/** A new captcha: the image goes to the client, only the hash of its code is kept. */
export async function createCaptcha(db: Db): Promise<{ cid: string; base64: string }> {
  const image = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f5f5f5' });
  const cid = randomUUID();
  await db.insert(captchas).values({ id: cid, codeHash: hashCode(image.text), expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS) });
  // Housekeeping now and then: expired codes are useless and only grow the table.
  if (Math.random() < 0.02) await db.delete(captchas).where(lt(captchas.expiresAt, sql`now() - interval '1 hour'`));
  return { cid, base64: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}` };
}

/**
 * Spends a captcha: any attempt uses it up (right or wrong), so a code can never be tried twice.
 * True only when it existed, was unused, unexpired and the code matches (case-insensitively).
 */
export async function consumeCaptcha(db: Db, cid: string | undefined, code: string | undefined): Promise<boolean> {
  if (!cid || !code) return false;
  const spent = await db
    .update(captchas)
    .set({ usedAt: sql`now()` })
    .where(and(eq(captchas.id, cid), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
    .returning({ codeHash: captchas.codeHash });
  return spent[0]?.codeHash === hashCode(code);
}
