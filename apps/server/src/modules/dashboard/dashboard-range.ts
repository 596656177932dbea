import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS } from '@uc/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/typed';
import { badRequest } from '../../lib/errors';

/*
 * The analysis's days: calendar days in the query's time zone, from its midnight to the next. The
 * bounds are computed by the database (AT TIME ZONE), which knows when each zone's clocks change, so
 * a day of 23 or 25 hours is one day all the same.
 */

export interface DayRange {
  from: string;
  to: string;
  timezone: string;
  /** Every day from `from` to `to`, in order (YYYY-MM-DD). */
  days: string[];
}

const RANGE_REVERSED = 'from: the range starts on {from}, after its end {to}: choose a first day on or before the last';
const RANGE_TOO_LONG = 'to: the range from {from} to {to} covers {days} days, more than {max}: choose a shorter range';
const UNKNOWN_ZONE = 'timezone: the database does not know the time zone {timezone}: use a name such as Asia/Shanghai or UTC';

const DAY_MS = 86_400_000;
const utcOf = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};
const dayOf = (utc: number): string => new Date(utc).toISOString().slice(0, 10);

/** `day` moved by `n` calendar days. */
export const addDays = (day: string, n: number): string => dayOf(utcOf(day) + n * DAY_MS);

/** Whether the error is PostgreSQL's "time zone not recognized" (22023), through drizzle's wrapper. */
function isUnknownZone(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '22023' && /time zone/i.test(e.message ?? '')) return true;
  }
  return false;
}

/** The range a query asks for, defaults filled in (today is the database's, in the zone). */
export async function resolveRange(db: Db, q: { from?: string; to?: string; timezone: string }): Promise<DayRange> {
  let today: string;
  try {
    const [row] = await rowsOf<{ today: string }>(db, sql`select to_char((now() at time zone ${q.timezone})::date, 'YYYY-MM-DD') as today`);
    today = row!.today;
  } catch (err) {
    // Intl knew the name (the contract checked) but this database's zone list does not.
    if (isUnknownZone(err)) throw badRequest(UNKNOWN_ZONE, { timezone: q.timezone });
    throw err;
  }
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  if (from > to) throw badRequest(RANGE_REVERSED, { from, to });
  const count = Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1;
  if (count > DASHBOARD_MAX_DAYS) throw badRequest(RANGE_TOO_LONG, { from, to, days: count, max: DASHBOARD_MAX_DAYS });
  const days = Array.from({ length: count }, (_, i) => addDays(from, i));
  return { from, to, timezone: q.timezone, days };
}

/**
 * `days as materialized (d, lo, hi)`: a WITH item holding each day of the range and its bounds as
 * instants, [lo, hi). An aggregate joins it LATERAL and reads `column >= days.lo and column < days.hi`:
 * one index range per day, and the day known without converting each row's time to the zone (which
 * cost more than reading the row). Materialized, so the bounds stay plain values: inlined, they would
 * be a function of an outer column in the scan's condition, which PostgreSQL does not take as
 * leakproof, so under row-level security it would filter every row instead of reading the range.
 */
export function daysWith(r: DayRange): SQL {
  return sql`days as materialized (
    select d, d::timestamp at time zone ${r.timezone} as lo, (d + 1)::timestamp at time zone ${r.timezone} as hi
    from (select ${r.from}::date + i as d from generate_series(0, ${r.days.length - 1}) i) s)`;
}

/** One entry per day of the range, from `rows` keyed by day, `empty` where a day has none. */
export function everyDay<T>(r: DayRange, rows: ReadonlyMap<string, T>, empty: (date: string) => T): T[] {
  return r.days.map((date) => rows.get(date) ?? empty(date));
}
