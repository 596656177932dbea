import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

/*
 * Counters in the database, so every server instance shares them. They run on the system connection
 * (reviewed bypass, see db/tenant-scope.ts): they are keyed by account name, IP or mobile, before any
 * tenant is known, and hold no tenant data.
 */

export interface Counter {
  key: string;
  hits: number;
  blockedUntil: Date | null;
}

/** Counts `by` hits (one unless told) on `key`; hits older than `windowSeconds` are forgotten (a new window starts). */
export async function countHit(db: Db, key: string, windowSeconds: number, by = 1): Promise<Counter> {
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: by })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then ${by}::integer else ${rateLimits.hits} + ${by}::integer end`,
        blockedUntil: sql`case when ${expired} then null else ${rateLimits.blockedUntil} end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, blockedUntil: rateLimits.blockedUntil });
  return row!;
}

/** How a counter admits attempts: see reserveSlot. */
export interface SlotRule {
  windowSeconds: number;
  /** Slots past this number lock the key while they are used: for 1 s, 2 s, 4 s ... */
  lockAfter: number;
  maxLockSeconds: number;
  /** No slot past this number is handed out (nothing is counted then); unset: no such limit. */
  admitUpTo?: number;
}

/** An admitted attempt: its number in the window and the lock it took (when past `lockAfter`). */
export interface Slot {
  key: string;
  hits: number;
  windowStart: Date;
  lockedUntil: Date | null;
}

export type Reservation =
  | { outcome: 'admitted'; slot: Slot }
  | { outcome: 'locked'; retryAfterSeconds: number }
  /** `admitUpTo` slots are taken already. */
  | { outcome: 'full' };

/**
 * Takes the next slot of `key` unless it is locked or full: counting and checking in one statement,
 * so concurrent attempts each get their own number and none slips past a limit or a lock another one
 * reached. Taking a slot past `rule.lockAfter` locks the key at once (before the caller checks
 * anything), so a burst gets one check per lock instead of one each; a lock only ever grows
 * (greatest), and a window that has run out starts again at 1. Refused attempts are not counted.
 */
export async function reserveSlot(db: Db, key: string, rule: SlotRule): Promise<Reservation> {
  const cap = rule.admitUpTo;
  if (cap !== undefined && cap < 1) return { outcome: 'full' };
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${rule.windowSeconds})`;
  const next = sql`(case when ${expired} then 1 else ${rateLimits.hits} + 1 end)`;
  // Locks in whole milliseconds, so the JavaScript Date handed back compares equal in releaseSlot.
  const now = sql`date_trunc('milliseconds', now())`;
  const lockFor = (n: SQL) =>
    sql`case when ${n} > ${rule.lockAfter}
      then ${now} + make_interval(secs => least(${rule.maxLockSeconds}, power(2, least(${n} - ${rule.lockAfter} - 1, 30))))
      end`;
  const unlocked = sql`(${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= now())`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await db
      .insert(rateLimits)
      .values({ key, hits: 1, windowStart: now, blockedUntil: lockFor(sql`1`) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: next,
          windowStart: sql`case when ${expired} then ${now} else ${rateLimits.windowStart} end`,
          blockedUntil: sql`greatest(${rateLimits.blockedUntil}, ${lockFor(next)})`,
        },
        setWhere: cap === undefined ? unlocked : sql`${unlocked} and ${next} <= ${cap}`,
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart, blockedUntil: rateLimits.blockedUntil });
    if (row) {
      const lockedUntil = row.hits > rule.lockAfter ? row.blockedUntil : null;
      return { outcome: 'admitted', slot: { key, hits: row.hits, windowStart: row.windowStart, lockedUntil } };
    }
    // Refused: say why (the row may have moved on since, so an unclear answer means try again).
    const [state] = await db
      .select({
        left: sql<number>`extract(epoch from (${rateLimits.blockedUntil} - now()))::float8`,
        hits: sql<number>`case when ${expired} then 0 else ${rateLimits.hits} end`,
      })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    const left = Number(state?.left ?? 0);
    if (left > 0) return { outcome: 'locked', retryAfterSeconds: Math.ceil(left) };
    if (cap !== undefined && Number(state?.hits ?? 0) >= cap) return { outcome: 'full' };
  }
  // Refused three times by a lock that was gone a moment later: a busy key; come back in a second.
  return { outcome: 'locked', retryAfterSeconds: 1 };
}

/**
 * Gives a slot back: the attempt turned out not to be a failure (right credentials, or refused by
 * another counter before anything was checked). The lock it took goes too, but only while it is
 * still exactly that lock: then no other attempt was admitted meanwhile, and the key is as if this
 * attempt had never been made. A lock another attempt took is never shortened.
 */
export async function releaseSlot(db: Db, slot: Slot): Promise<void> {
  const hits = sql`greatest(${rateLimits.hits} - 1, 0)`;
  const ours = slot.lockedUntil && sql`${slot.lockedUntil.toISOString()}::timestamptz`;
  await db
    .update(rateLimits)
    .set(ours ? { hits, blockedUntil: sql`case when ${rateLimits.blockedUntil} = ${ours} then null else ${rateLimits.blockedUntil} end` } : { hits })
    // The same window (a Date holds milliseconds, the column microseconds), not one started since.
    .where(and(eq(rateLimits.key, slot.key), sql`abs(extract(epoch from ${rateLimits.windowStart} - ${slot.windowStart.toISOString()}::timestamptz)) < 0.001`));
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
  // Housekeeping now and then: finished windows only grow the table.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - interval '1 day'`));
}

/** Seconds until the window of `key` ends (at least 1), as a 429's Retry-After. */
export async function windowLeft(db: Db, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now()))::float8` })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return Math.max(1, Math.ceil(Number(row?.left ?? windowSeconds)));
}

/** The hits counted on `key` in its current window (0 when it has run out), without counting one. */
export async function hitsInWindow(db: Db, key: string, windowSeconds: number): Promise<number> {
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .select({ hits: sql<number>`case when ${expired} then 0 else ${rateLimits.hits} end` })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return Number(row?.hits ?? 0);
}
