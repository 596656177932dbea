import { useEffect, useState } from 'react';
import { NOTICE_STREAM_EVENTS, noticeStreamUnreadSchema, noticeUnreadCountCall } from '@uc/contracts';
import { call, useSession } from '@uc/client';
import { consoleStreamOpen, reopenConsoleStream, subscribeConsoleStream } from '../../lib/console-stream';
import { createThrottledRefresh } from './focus-refresh';

export { noticeStreamUrl } from '../../lib/console-stream';

/**
 * Unread private letters for the header badge. The server pushes them on the notice stream
 * (Server-Sent Events, the console's one stream: lib/console-stream.ts) within moments of a new letter
 * or a read; while the stream is not open (no EventSource, a refused or dropped connection the browser
 * is still retrying) the count is asked again when the window regains focus, at most every 5 s (the
 * spec's focus gap), and focus also reopens a stream the browser gave up on. Failures stay quiet (a
 * badge is no reason for an error toast) and keep the last known number. The stream's `end` (the
 * session was revoked or expired) closes it for good and makes the refusal show at once.
 */
export function useUnreadCount(enabled: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const refresher = createThrottledRefresh(() => {
      call(noticeUnreadCountCall, { skipErrorHandler: true }).then(
        (data) => live && setCount(data.letterCount),
        () => undefined,
      );
    });
    refresher.force();
    const unsubscribe = subscribeConsoleStream({
      events: {
        [NOTICE_STREAM_EVENTS.unread]: (data) => {
          const parsed = noticeStreamUnreadSchema.safeParse(safeJson(data));
          if (live && parsed.success) setCount(parsed.data.letterCount);
        },
        // The session ended elsewhere (revoked, expired, the tenant disabled): one ordinary call meets
        // the refusal, and the API client's handler shows 登录超时 now rather than at the next click.
        [NOTICE_STREAM_EVENTS.end]: () => {
          if (live && !useSession.getState().signingOut) call(noticeUnreadCountCall).catch(() => undefined);
        },
      },
    });
    const onFocus = () => {
      if (consoleStreamOpen()) return;
      reopenConsoleStream();
      refresher.trigger();
    };
    const onVisible = () => document.visibilityState === 'visible' && onFocus();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      unsubscribe();
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
