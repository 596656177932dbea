import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';

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

/** Counts one hit on `key`; hits older than `windowSeconds` are forgotten (a new window starts). */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<Counter> {
  const expired = sql`${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        blockedUntil: sql`case when ${expired} then null else ${rateLimits.blockedUntil} end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, blockedUntil: rateLimits.blockedUntil });
  return row!;
}

/** The counters of `keys` still inside their window. */
export async function readCounters(db: Db, keys: string[], windowSeconds: number): Promise<Counter[]> {
  return db
    .select({ key: rateLimits.key, hits: rateLimits.hits, blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(sql`${inArray(rateLimits.key, keys)} and ${rateLimits.windowStart} >= now() - make_interval(secs => ${windowSeconds})`);
}

export async function blockUntil(db: Db, key: string, until: Date): Promise<void> {
  await db.update(rateLimits).set({ blockedUntil: until }).where(eq(rateLimits.key, key));
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
  // Housekeeping now and then: finished windows only grow the table.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - interval '1 day'`));
}

/**
 * A plain rate limit: at most `limit` hits per `windowSeconds` on `key`, else a 429 whose Retry-After
 * is the rest of the window. `what` names the limit in the message ("SMS codes for this number").
 */
export async function enforceLimit(db: Db, key: string, limit: number, windowSeconds: number, what: string): Promise<void> {
  const counter = await countHit(db, key, windowSeconds);
  if (counter.hits <= limit) return;
  const [row] = await db
    .select({ left: sql<number>`extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now()))::float8` })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  const left = Math.max(1, Math.ceil(Number(row?.left ?? windowSeconds)));
  throw tooManyRequests(`Too many ${what}: at most ${limit} in ${Math.round(windowSeconds / 60) || 1} minutes; try again in ${left} seconds`, left);
}
