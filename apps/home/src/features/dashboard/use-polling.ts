import { useEffect, useRef, useState } from 'react';

/** Whether the page is in view (not a background tab, not a minimised window). */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Asks again `everyMs` after each answer, while the page is visible; at once when it comes back into
 * view. Counting from the answer (not a fixed interval) never stacks requests behind a slow server.
 */
export function usePolling(reload: () => void, loading: boolean, everyMs: number): { visible: boolean } {
  const visible = usePageVisible();
  const before = useRef(visible);

  useEffect(() => {
    if (visible && !before.current) reload();
    before.current = visible;
  }, [visible, reload]);

  useEffect(() => {
    if (loading || !visible) return;
    const timer = setTimeout(reload, everyMs);
    return () => clearTimeout(timer);
  }, [loading, visible, reload, everyMs]);

  return { visible };
}
