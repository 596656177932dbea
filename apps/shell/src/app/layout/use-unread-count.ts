import { useEffect, useState } from 'react';
import { call, noticeUnreadCountCall } from '@uc/shared';
import { createThrottledRefresh } from './focus-refresh';

/**
 * Unread private letters for the header badge: loaded once, then again when the window regains
 * focus, at most every 5 s. Failures stay quiet (a badge is no reason for an error toast) and keep
 * the last known number; a 61 is noticed by the next real call.
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
    const onFocus = () => void refresher.trigger();
    const onVisible = () => document.visibilityState === 'visible' && refresher.trigger();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled]);
  return count;
}
