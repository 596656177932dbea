import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, type AppCard } from '@uc/contracts';
import type { ListQueryResult } from '@uc/ui';
import { useAppList } from '../../lib/use-app-list';

/**
 * app/list for the kit's ListTable: the market answers every card at once (a catalogue is tens of
 * addons, not millions of rows), so the keyword goes to the server and the pages are cut here.
 */
export function useCardTable(): ListQueryResult<AppCard> {
  const [keyword, setKeywordState] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { cards, loading, error, reload } = useAppList(keyword);
  const all = useMemo(() => cards ?? [], [cards]);
  // A page past the end (the list shrank) shows the last one.
  const pages = Math.max(1, Math.ceil(all.length / paging.pageSize));
  const page = Math.min(paging.page, pages);

  const setPage = useCallback(
    (next: number, pageSize?: number) => setPaging((p) => (pageSize && pageSize !== p.pageSize ? { page: 1, pageSize } : { page: next, pageSize: p.pageSize })),
    [],
  );
  const setKeyword = useCallback((next: string) => {
    setKeywordState(next);
    setPaging((p) => ({ ...p, page: 1 }));
  }, []);
  const ignore = useCallback(() => undefined, []);

  return {
    page,
    pageSize: paging.pageSize,
    keyword,
    filter: [],
    rows: all.slice((page - 1) * paging.pageSize, page * paging.pageSize),
    total: all.length,
    totalExact: true,
    hasNext: page < pages,
    // Only the first answer shows the spinner: the polls while a job runs must not blink the table.
    loading: loading && !cards,
    error,
    setPage,
    setSort: ignore,
    setKeyword,
    setFilter: ignore,
    reload,
  };
}
