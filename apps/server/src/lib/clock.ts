/*
 * Time as the server's timers see it, injectable so that tests move it themselves (src/test/manual-clock.ts)
 * instead of sleeping, and no test's result depends on how busy the machine is.
 */
export interface Clock {
  /** Milliseconds on a monotonic clock (only differences mean anything). */
  now(): number;
  /** Calls `fn` once `ms` have passed; the returned function cancels it. Never keeps the process alive. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** An AbortSignal that aborts with a TimeoutError once `ms` have passed on `clock`; `clear` cancels that. */
export function timeoutSignal(clock: Clock, ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const clear = clock.after(ms, () => controller.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')));
  return { signal: controller.signal, clear };
}
