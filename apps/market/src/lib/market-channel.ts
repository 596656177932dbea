import { useEffect, useRef } from 'react';

/**
 * The market's tabs tell each other what changed: a details page opened in a new window starts and
 * finishes jobs, and the drawer's panel or the manage page in the first tab ask the server again.
 */
export const MARKET_CHANNEL = 'uc-market';

export interface MarketEvent {
  type: 'job-started' | 'job-finished' | 'status' | 'uninstalled' | 'purged';
  name: string;
}

const channelAvailable = () => typeof BroadcastChannel !== 'undefined';

export function postMarketEvent(event: MarketEvent): void {
  if (!channelAvailable()) return;
  const channel = new BroadcastChannel(MARKET_CHANNEL);
  channel.postMessage(event);
  channel.close();
}

/** Calls `onSignal` when the window gets the focus back or another market page posts an event. */
export function useMarketSignals(onSignal: () => void): void {
  const latest = useRef(onSignal);
  latest.current = onSignal;
  useEffect(() => {
    const signal = () => latest.current();
    window.addEventListener('focus', signal);
    const channel = channelAvailable() ? new BroadcastChannel(MARKET_CHANNEL) : null;
    if (channel) channel.onmessage = signal;
    return () => {
      window.removeEventListener('focus', signal);
      channel?.close();
    };
  }, []);
}
