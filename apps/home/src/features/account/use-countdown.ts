import { useCallback, useEffect, useState } from 'react';

/** Seconds left before something may be done again (the SMS resend), counting down once a second. */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [remaining, now]);
  // From the clock rather than by decrements: a throttled background tab still ends on time.
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  }, []);
  const reset = useCallback(() => setUntil(0), []);
  return { remaining, running: remaining > 0, start, reset };
}
