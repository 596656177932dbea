import { useCallback, useEffect, useState } from 'react';

/** Seconds before another SMS code may be asked for (the spec leaves the value open; 60 is the norm). */
export const SMS_RESEND_SECONDS = 60;

/** A per-second countdown: `start()` begins at `seconds` (or the given value), `remaining` is 0 when idle. */
export function useCountdown(seconds = SMS_RESEND_SECONDS) {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((r) => r - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  const start = useCallback((from = seconds) => setRemaining(from), [seconds]);
  return { remaining, start, running: remaining > 0 };
}
