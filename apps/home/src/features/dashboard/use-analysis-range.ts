import { useCallback, useEffect, useState } from 'react';
import { lastDays, type DayRange } from '@uc/ui';
import { DEFAULT_RANGE_DAYS, RANGE_PRESETS } from './analysis-query';

/** The range shown, and the preset it follows (the last N days ending today), or null for a range picked by hand. */
interface Picked {
  range: DayRange;
  days: number | null;
}

/** Milliseconds until just after the next local midnight (a second late: a timer may fire early). */
export function untilNextDay(now: Date = new Date()): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return midnight.getTime() - now.getTime() + 1_000;
}

/**
 * The analysis's range. A preset (and the range the page opens with) means "the last N days": when the
 * day changes it moves to end on the new today, checked when the page comes back into view or gets the
 * focus, and at midnight while it stays in view (one timer a day, no polling). A range picked by hand
 * stays as chosen; one that matches a preset exactly (the last 7 days ending today) is that preset.
 */
export function useAnalysisRange(): [DayRange, (range: DayRange) => void] {
  const [picked, setPicked] = useState<Picked>(() => ({ range: lastDays(DEFAULT_RANGE_DAYS), days: DEFAULT_RANGE_DAYS }));

  const pick = useCallback((range: DayRange) => {
    const days = RANGE_PRESETS.find((n) => {
      const preset = lastDays(n);
      return preset.from === range.from && preset.to === range.to;
    });
    setPicked({ range, days: days ?? null });
  }, []);

  const days = picked.days;
  useEffect(() => {
    if (days === null) return;
    const follow = () => {
      // A page out of view waits: it follows when it is back (visibilitychange), without asking meanwhile.
      if (document.visibilityState === 'hidden') return;
      const today = lastDays(days);
      setPicked((p) => (p.days === days && p.range.to !== today.to ? { range: today, days } : p));
    };
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      timer = setTimeout(() => {
        follow();
        arm();
      }, untilNextDay());
    };
    arm();
    window.addEventListener('focus', follow);
    document.addEventListener('visibilitychange', follow);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', follow);
      document.removeEventListener('visibilitychange', follow);
    };
  }, [days]);

  return [picked.range, pick];
}
