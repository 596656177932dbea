import assert from 'node:assert/strict';

/*
 * A client of the console's API through the balancer, for the scale-out test and bench: each answer
 * with the server that gave it (HAProxy's X-Served-By), and the notice stream as a tab reads it.
 */

export interface Answer<T = unknown> {
  status: number;
  code: number;
  message: string;
  data: T;
  /** The server that answered (s1, s2, ...), from X-Served-By. */
  by: string;
}

export interface CallOptions {
  token?: string;
  /** A body makes it a POST. */
  body?: unknown;
  signal?: AbortSignal;
}

export async function call<T = unknown>(origin: string, path: string, { token, body, signal }: CallOptions = {}): Promise<Answer<T>> {
  const res = await fetch(`${origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal,
  });
  const text = await res.text();
  let json: { code?: number; message?: string; data?: T } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    json = { code: Number.NaN, message: text.slice(0, 200) };
  }
  return { status: res.status, code: json.code ?? Number.NaN, message: json.message ?? '', data: json.data as T, by: res.headers.get('x-served-by') ?? '' };
}

/** Signs in through the balancer; the token. */
export async function signIn(origin: string, username: string, password: string): Promise<string> {
  const a = await call<{ token: string }>(origin, '/user/admin/site/accountLogin', { body: { username, password } });
  assert.equal(a.code, 0, `sign-in of ${username}: ${a.message}`);
  return a.data.token;
}

/** Calls and fails the test unless the answer is a success; its data. */
export async function ok<T = unknown>(origin: string, path: string, options: CallOptions = {}): Promise<T> {
  const a = await call<T>(origin, path, options);
  assert.equal(a.code, 0, `${path} (${a.by}): ${a.status} ${a.message}`);
  return a.data;
}

/**
 * Calls `request` until every one of `servers` has answered (round robin: one turn when nothing else
 * is sent meanwhile), checking each answer; how many answers each server gave.
 */
export async function onEveryServer<T>(servers: string[], request: () => Promise<Answer<T>>, check: (a: Answer<T>) => void): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  for (let i = 0; i < servers.length * 10 && seen.size < servers.length; i++) {
    const a = await request();
    check(a);
    seen.set(a.by, (seen.get(a.by) ?? 0) + 1);
  }
  assert.deepEqual([...seen.keys()].sort(), [...servers].sort(), 'every server answered');
  return seen;
}

export interface StreamEvent {
  event: string;
  data: string;
}

/** The notice stream of one tab, read as EventSource would (without reconnecting). */
export interface EventStream {
  by: string;
  events: StreamEvent[];
  /** Resolves with the first event (from `from` on) that `match` accepts; fails after `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, from?: number, timeoutMs?: number): Promise<StreamEvent>;
  /** How the stream ended: 'ended' (the server closed it cleanly), 'error', or 'closed' (by us). */
  readonly ending: Promise<'ended' | 'error' | 'closed'>;
  close(): void;
}

export async function openStream(origin: string, token: string): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(`${origin}/admin/admin/notice/stream`, { headers: { authorization: token, accept: 'text/event-stream' }, signal: abort.signal });
  assert.equal(res.status, 200, 'the notice stream opens');
  const events: StreamEvent[] = [];
  const waiting = new Set<() => void>();
  let closedByUs = false;
  const ending = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ event, data: data.join('\n') });
          for (const wake of waiting) wake();
        }
      }
      return 'ended' as const;
    } catch {
      return closedByUs ? ('closed' as const) : ('error' as const);
    } finally {
      for (const wake of waiting) wake();
    }
  })();
  let over = false;
  void ending.then(() => (over = true));
  return {
    by: res.headers.get('x-served-by') ?? '',
    events,
    ending,
    close() {
      closedByUs = true;
      abort.abort();
    },
    next(match, from = 0, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events.slice(from).find(match);
          if (found) {
            done();
            resolve(found);
          } else if (over) {
            done();
            reject(new Error(`the stream (${res.headers.get('x-served-by')}) ended before the event came: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such event within ${timeoutMs} ms on the stream of ${res.headers.get('x-served-by')}: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiting.delete(look);
        };
        waiting.add(look);
        look();
      });
    },
  };
}
