import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/errors';
import { countHit, hitsInWindow, windowLeft } from './rate-limit.repository';

/** The 429 of a plain rate limit, saying when to try again. */
function limitReached(what: string, limit: number, windowSeconds: number, left: number) {
  const minutes = Math.round(windowSeconds / 60) || 1;
  // `what` is one of the callers' fixed phrases, so each template is a fixed catalogue key.
  const template = `Too many ${what}: at most {limit} in ${minutes === 1 ? 'a minute' : '{minutes} minutes'}; try again in {seconds} seconds`;
  return tooManyRequests(template, left, { limit, minutes, seconds: left });
}

/**
 * A plain rate limit: at most `limit` hits per `windowSeconds` on `key`, else a 429 whose Retry-After
 * is the rest of the window. `what` names the limit in the message ("SMS codes for this number").
 * `hits` counts several at once (one unless told).
 */
export async function enforceLimit(db: Db, key: string, limit: number, windowSeconds: number, what: string, hits = 1): Promise<void> {
  const counter = await countHit(db, key, windowSeconds, hits);
  if (counter.hits <= limit) return;
  throw limitReached(what, limit, windowSeconds, await windowLeft(db, key, windowSeconds));
}

/**
 * The same 429 as enforceLimit once `limit` hits are counted in the window of `key`, without counting
 * this one: for a limit on some outcomes of a call (counted with enforceLimit when they happen) that,
 * once reached, must stop the call whatever its outcome would be.
 */
export async function refuseAtLimit(db: Db, key: string, limit: number, windowSeconds: number, what: string): Promise<void> {
  if ((await hitsInWindow(db, key, windowSeconds)) < limit) return;
  throw limitReached(what, limit, windowSeconds, await windowLeft(db, key, windowSeconds));
}
