/**
 * Answers of GET calls started ahead of the component that needs them: a page's data can be on its
 * way while the page's code still loads (a remote's './prefetch', started by the shell on the click).
 * `call()` hands an answer out once, to the first call of the same address, query and session within
 * PREFETCH_TTL_MS; anything else (another query, a later call, a failed prefetch) is a normal request,
 * and so is every read after a write (forgetPrefetched).
 */

/** How long a prefetched answer waits for its page. */
export const PREFETCH_TTL_MS = 15_000;

interface Pending {
  answer: Promise<unknown>;
  at: number;
}

const pending = new Map<string, Pending>();

/** The call's identity: method, address, query (keys in order) and the session it runs under. */
export function prefetchKey(method: string, path: string, search: Record<string, unknown> | undefined, token: string): string {
  const query = Object.entries(search ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${method} ${path} ${JSON.stringify(query)} ${token}`;
}

/** Whether an answer for this key is on its way or waiting, and still fresh. */
export function hasPrefetched(key: string, now = Date.now()): boolean {
  const hit = pending.get(key);
  return !!hit && now - hit.at <= PREFETCH_TTL_MS;
}

export function keepPrefetched(key: string, answer: Promise<unknown>, now = Date.now()): void {
  // A prefetch nobody takes must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  // Answers nobody took are forgotten once stale.
  for (const [k, p] of pending) if (now - p.at > PREFETCH_TTL_MS) pending.delete(k);
  pending.set(key, { answer, at: now });
}

/** The prefetched answer for this key, taken (so only one caller gets it), or undefined. */
export function takePrefetched(key: string, now = Date.now()): Promise<unknown> | undefined {
  const hit = pending.get(key);
  if (!hit) return undefined;
  pending.delete(key);
  return now - hit.at <= PREFETCH_TTL_MS ? hit.answer : undefined;
}

/**
 * Forgets every answer not yet taken: a write (any call but a GET) may change what they read, so a read
 * after it must ask the server (a list reloaded after a batch action within PREFETCH_TTL_MS of the page's
 * visit would otherwise show the rows as they were, when the page had not taken its prefetch).
 */
export function forgetPrefetched(): void {
  pending.clear();
}

/** Waits for `answer` unless `signal` aborts first (the request itself goes on: it was not the caller's). */
export function abortable<T>(answer: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function clearPrefetchedForTests(): void {
  pending.clear();
}
