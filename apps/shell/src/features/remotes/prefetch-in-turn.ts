/**
 * When the console prefetches the remotes of the user's menu. All at once, right after the layout, they
 * were 60-odd requests and about 1 MB competing with the page the user opened (issue 30): its own code,
 * its data and its first paint waited behind them, and on a slow device their evaluation blocked the main
 * thread for seconds. Now they come one at a time, after the page's own remote has loaded and a quiet
 * moment has passed, each in an idle period of its own; a menu entry the user points at comes first.
 */

export interface PrefetchSchedule {
  /** Runs `task` once the main thread is idle; returns a cancel function. */
  idle(task: () => void): () => void;
  /** Runs `task` after `ms`; returns a cancel function. */
  after(task: () => void, ms: number): () => void;
}

export interface InTurnOptions<T> {
  /** Resolves once the page's own loads have ended (successfully or not): nothing starts before. */
  pageLoaded: () => Promise<unknown>;
  /** Prefetches one item; its end (either way) lets the next one start. */
  prefetch: (item: T) => Promise<unknown>;
  /** How long the console stays quiet after the page's loads before the first prefetch. */
  quietMs: number;
  schedule: PrefetchSchedule;
  /** Called once every item has been prefetched (not when cancelled). */
  onDone?: () => void;
}

/** Prefetches `items` in order, one at a time, each in an idle period after the previous one ended. Returns a cancel function. */
export function prefetchInTurn<T>(items: readonly T[], { pageLoaded, prefetch, quietMs, schedule, onDone }: InTurnOptions<T>): () => void {
  let cancelled = false;
  let cancelWait: () => void = () => undefined;
  const next = (index: number): void => {
    if (cancelled) return;
    if (index >= items.length) {
      onDone?.();
      return;
    }
    cancelWait = schedule.idle(() => {
      if (cancelled) return;
      void prefetch(items[index]!)
        .catch(() => undefined)
        .then(() => next(index + 1));
    });
  };
  void pageLoaded()
    .catch(() => undefined)
    .then(() => {
      if (cancelled) return;
      cancelWait = schedule.after(() => next(0), quietMs);
    });
  return () => {
    cancelled = true;
    cancelWait();
  };
}
