import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SmsEvent } from '@uc/contracts';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema';

/** Which codes: a mobile number and the event they are for. */
export interface CodeKey {
  mobile: string;
  event: SmsEvent;
}

/** The codes of mobile+event still usable: neither used nor expired. */
const liveCode = (key: CodeKey) =>
  and(eq(smsCodes.mobile, key.mobile), eq(smsCodes.event, key.event), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`now()`));

/** Seconds since the newest code of mobile+event was issued; undefined when none was. */
export async function secondsSinceLastCode(db: Db, key: CodeKey): Promise<number | undefined> {
  const [last] = await db
    .select({ age: sql<number>`extract(epoch from (now() - ${smsCodes.createdAt}))::float8` })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, key.mobile), eq(smsCodes.event, key.event)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return last ? Number(last.age) : undefined;
}

/** Stores a new code's hash, valid `ttlSeconds`; the older live codes of mobile+event stop working. */
export async function replaceCode(db: Db, key: CodeKey, codeHash: string, ttlSeconds: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(smsCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(smsCodes.mobile, key.mobile), eq(smsCodes.event, key.event), isNull(smsCodes.usedAt)));
    await tx.insert(smsCodes).values({ mobile: key.mobile, event: key.event, codeHash, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` });
  });
}

/**
 * One guess at the live code of mobile+event, counted and compared in a single statement: concurrent
 * guesses wait for each other on the row, so no more than `maxGuesses` are ever compared (two
 * statements, compare then count, let a burst compare every guess before any was counted). A wrong
 * last guess kills the code; `spend` uses it up on a match as well.
 */
export async function guessCode(db: Db, key: CodeKey, codeHash: string, { spend, maxGuesses }: { spend: boolean; maxGuesses: number }): Promise<boolean> {
  const matches = sql`${smsCodes.codeHash} = ${codeHash}`;
  const lastGuess = sql`${smsCodes.attempts} + 1 >= ${maxGuesses}`;
  const rows = await db
    .update(smsCodes)
    .set({
      attempts: sql`${smsCodes.attempts} + 1`,
      usedAt: spend ? sql`case when ${matches} or ${lastGuess} then now() end` : sql`case when not ${matches} and ${lastGuess} then now() end`,
    })
    .where(and(liveCode(key), lt(smsCodes.attempts, maxGuesses)))
    .returning({ matches: sql<boolean>`${matches}` });
  return rows.some((r) => r.matches);
}

/** Uses up the live code of mobile+event with this hash; false when there is none (spent, expired, or another code). */
export async function spendCode(db: Db, key: CodeKey, codeHash: string): Promise<boolean> {
  const spent = await db
    .update(smsCodes)
    .set({ usedAt: sql`now()` })
    .where(and(liveCode(key), eq(smsCodes.codeHash, codeHash)))
    .returning({ id: smsCodes.id });
  return spent.length > 0;
}
