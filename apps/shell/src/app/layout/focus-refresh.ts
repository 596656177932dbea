/** Spec section 9: the request hook's focus refresh gap. */
export const FOCUS_REFRESH_GAP_MS = 5000;

/**
 * A refresher that runs `load` at most once per `gapMs`: focus events come in bursts (alt-tab, a
 * dialog closing) and each one must not cost a request.
 */
export function createThrottledRefresh(load: () => void, gapMs = FOCUS_REFRESH_GAP_MS, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    /** Runs now, whatever the gap (first load, after an action that changed the count). */
    force(): void {
      last = now();
      load();
    },
    /** Runs unless the last run was less than `gapMs` ago; says whether it ran. */
    trigger(): boolean {
      if (now() - last < gapMs) return false;
      last = now();
      load();
      return true;
    },
  };
}
