import { useEffect, useState } from 'react';
import {
  call,
  getAccessToken,
  NOTICE_STREAM_EVENTS,
  NOTICE_STREAM_PATH,
  NOTICE_STREAM_TOKEN_PARAM,
  noticeStreamUnreadSchema,
  noticeUnreadCountCall,
  useSession,
} from '@uc/shared';
import { createThrottledRefresh } from './focus-refresh';

// EventSource.readyState values (named here: a browser without EventSource has no constants either).
const OPEN = 1;
const CLOSED = 2;

/** The notice stream's address for the signed-in session (EventSource sends no headers: the token rides in the query). */
export const noticeStreamUrl = (token: string): string => `${NOTICE_STREAM_PATH}?${NOTICE_STREAM_TOKEN_PARAM}=${encodeURIComponent(token)}`;

/**
 * Unread private letters for the header badge. The server pushes them on the notice stream
 * (Server-Sent Events) within moments of a new letter or a read; while the stream is not open (no
 * EventSource, a refused or dropped connection the browser is still retrying) the count is asked
 * again when the window regains focus, at most every 5 s (the spec's focus gap), and focus also
 * reopens a stream the browser gave up on. Failures stay quiet (a badge is no reason for an error
 * toast) and keep the last known number. The stream's `end` (the session was revoked or expired)
 * closes it for good and makes the refusal show at once.
 */
export function useUnreadCount(enabled: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let stream: EventSource | null = null;
    let ended = false;
    const refresher = createThrottledRefresh(() => {
      call(noticeUnreadCountCall, { skipErrorHandler: true }).then(
        (data) => live && setCount(data.letterCount),
        () => undefined,
      );
    });
    const openStream = () => {
      if (typeof EventSource === 'undefined' || ended) return;
      const token = getAccessToken();
      if (!token) return;
      stream = new EventSource(noticeStreamUrl(token));
      stream.addEventListener(NOTICE_STREAM_EVENTS.unread, (event) => {
        const parsed = noticeStreamUnreadSchema.safeParse(safeJson((event as MessageEvent<string>).data));
        if (live && parsed.success) setCount(parsed.data.letterCount);
      });
      stream.addEventListener(NOTICE_STREAM_EVENTS.end, () => {
        ended = true;
        stream?.close();
        // The session ended elsewhere (revoked, expired, the tenant disabled): one ordinary call meets
        // the refusal, and the API client's handler shows 登录超时 now rather than at the next click.
        if (live && !useSession.getState().signingOut) call(noticeUnreadCountCall).catch(() => undefined);
      });
    };
    const streaming = () => stream !== null && stream.readyState === OPEN;
    refresher.force();
    openStream();
    const onFocus = () => {
      if (streaming()) return;
      if (stream?.readyState === CLOSED && !ended) openStream();
      refresher.trigger();
    };
    const onVisible = () => document.visibilityState === 'visible' && onFocus();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      stream?.close();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled]);
  return count;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
