import { useEffect, useRef } from 'react';
import { appListCall, type AppCard } from '@uc/contracts';
import { ErrorShowType, refreshRegistryAndMenus } from '@uc/client';
import { useCall } from '@uc/ui';
import { isRunning } from './install-status';
import { useMarketSignals } from './market-channel';
import { registryChanged } from './registry-change';

/** How often the cards are asked again while a job runs (the server's advice for app/job, too). */
export const POLL_MS = 1000;

export interface AppList {
  cards: AppCard[] | undefined;
  loading: boolean;
  error: unknown;
  reload: () => void;
}

/**
 * The application cards, live: asked again every second while any job runs, when the window gets the
 * focus back and when another market page says something changed. When an addon is installed,
 * removed, switched or changes version, the console's registry and menus are asked again, so its
 * pages open in this tab without a reload. Errors are the caller's to show (a poll that fails must
 * not toast every second).
 */
export function useAppList(keyword: string): AppList {
  const { data, loading, error, reload } = useCall(appListCall, { query: keyword ? { keyword } : {}, showType: ErrorShowType.silent });
  const cards = data?.list;
  const running = cards?.some((c) => isRunning(c.installStatus)) ?? false;

  // The next poll is armed by the previous answer (or refusal), so a slow server is never asked twice at once.
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, data, error, reload]);

  useMarketSignals(reload);

  const previous = useRef<AppCard[] | undefined>(undefined);
  useEffect(() => {
    if (!cards) return;
    if (registryChanged(previous.current, cards)) void refreshRegistryAndMenus();
    previous.current = cards;
  }, [cards]);

  return { cards, loading, error, reload };
}
