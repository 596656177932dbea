import { NOTICE_STREAM_EVENTS, NOTICE_STREAM_PATH, NOTICE_STREAM_TOKEN_PARAM } from '@uc/contracts';
import { getAccessToken } from '@uc/client';

// EventSource.readyState values (named here: a browser without EventSource has no constants either).
const OPEN = 1;
const CLOSED = 2;

/** The notice stream's address for the signed-in session (EventSource sends no headers: the token rides in the query). */
export const noticeStreamUrl = (token: string): string => `${NOTICE_STREAM_PATH}?${NOTICE_STREAM_TOKEN_PARAM}=${encodeURIComponent(token)}`;

export interface ConsoleStreamSubscriber {
  /** Handlers by event name (NOTICE_STREAM_EVENTS), given the event's data as sent. */
  events: Partial<Record<string, (data: string) => void>>;
  /** The stream (re)opened; `reopened`: it was open before and dropped, so events may have been missed meanwhile. */
  onOpen?: (reopened: boolean) => void;
}

const subscribers = new Set<ConsoleStreamSubscriber>();
let source: EventSource | null = null;
/** The server ended the stream (the session is over): it stays closed for this token. */
let endedFor: string | null = null;
let openedBefore = false;

function open(): void {
  if (source || typeof EventSource === 'undefined') return;
  const token = getAccessToken();
  if (!token || endedFor === token) return;
  const stream = new EventSource(noticeStreamUrl(token));
  source = stream;
  stream.addEventListener('open', () => {
    const reopened = openedBefore;
    openedBefore = true;
    for (const s of [...subscribers]) s.onOpen?.(reopened);
  });
  for (const name of Object.values(NOTICE_STREAM_EVENTS)) {
    stream.addEventListener(name, (event) => {
      if (name === NOTICE_STREAM_EVENTS.end) {
        endedFor = token;
        stream.close();
      }
      const data = (event as MessageEvent<string>).data;
      for (const s of [...subscribers]) s.events[name]?.(data);
    });
  }
}

function close(): void {
  source?.close();
  source = null;
  openedBefore = false;
  endedFor = null;
}

/**
 * The console's one connection to the server's push stream (the notice stream, Server-Sent Events):
 * the unread badge and the registry both listen on it, so a tab holds one connection, not one per use.
 * Opened by the first subscriber while signed in, closed when the last one leaves. The browser
 * reconnects on its own after a drop (a server restart); a stream the server ended (`end`: the session
 * is over) stays closed. Returns the unsubscriber.
 */
export function subscribeConsoleStream(subscriber: ConsoleStreamSubscriber): () => void {
  subscribers.add(subscriber);
  open();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0) close();
  };
}

/** Whether the stream is open now: pushes arrive, so nothing needs to be asked for on a timer. */
export const consoleStreamOpen = (): boolean => source !== null && source.readyState === OPEN;

/**
 * Opens the stream again when the browser gave up on it (it stops retrying after some refusals), unless
 * the server ended it for this session. For a user's sign of life (the window regains focus).
 */
export function reopenConsoleStream(): void {
  if (subscribers.size === 0) return;
  if (source && source.readyState !== CLOSED) return;
  source?.close();
  source = null;
  open();
}
