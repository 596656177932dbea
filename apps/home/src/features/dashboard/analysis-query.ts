import type { DashboardAnalysisQuery } from '@uc/contracts';
import type { DayRange } from '@uc/ui';

/** The browser's IANA time zone, whose midnights divide the analysis's days; UTC when it names none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The presets of the range picker, in days ending today. */
export const RANGE_PRESETS = [7, 30, 90] as const;
/** The range the page opens with (the server's default too). */
export const DEFAULT_RANGE_DAYS = 30;

/** The analysis call's query: the range, the reader's time zone, and a tenant when the platform picked one. */
export function analysisQuery(range: DayRange, tenantId: number | undefined, timezone = browserTimeZone()): DashboardAnalysisQuery {
  return { from: range.from, to: range.to, timezone, ...(tenantId === undefined ? {} : { tenantId }) };
}
