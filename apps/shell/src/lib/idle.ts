/**
 * Background work of a signed-in console (remote prefetch, then the service worker's precache) runs
 * when the main thread is idle, in that order, so neither competes with what the user is waiting for.
 */

/** Runs `task` once the main thread is idle (requestIdleCallback, at most `timeout` ms later); returns a cancel function. */
export function whenIdle(task: () => void, timeout: number): () => void {
  const w = globalThis as {
    requestIdleCallback?: (cb: () => void, options: { timeout: number }) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (typeof w.requestIdleCallback === 'function' && typeof w.cancelIdleCallback === 'function') {
    const id = w.requestIdleCallback(task, { timeout });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = setTimeout(task, Math.min(timeout, 200));
  return () => clearTimeout(id);
}

let settle: () => void = () => undefined;
/** Resolves once the console layout has rendered and its remotes have been prefetched (or failed to). */
export const consoleSettled = new Promise<void>((resolve) => (settle = resolve));
export const markConsoleSettled = (): void => settle();
