import { useCallback, useRef, useState } from 'react';
// Through the package name, never a relative path: this entry is a separate federation singleton and
// must reach the one api/session instance of '@uc/client', not a bundled copy.
import { listParams, DEFAULT_PAGE_SIZE, type CallContract, type CallData, type FilterTriple, type Paged } from '@uc/contracts';
import { useCall } from './use-call';

type ListContract = CallContract & { data: unknown };
type RowOf<C> = CallData<C> extends Paged<infer Row> ? Row : never;

export interface ListQueryState {
  page: number;
  pageSize: number;
  /** `field` or `-field`, comma-separated, as the list API takes it. */
  sort?: string;
  keyword: string;
  /** Extra conditions besides the keyword, as `[field, operator, value]` triples. */
  filter: FilterTriple[];
  /** Keyset cursor of this page (the previous page's `next`), when it was reached by "next page". */
  after?: string | undefined;
}

export interface ListQueryResult<Row> extends ListQueryState {
  rows: Row[];
  /** Matching rows when `totalExact`; otherwise there are more than `total` ("more than 10,000"). */
  total: number;
  totalExact: boolean;
  /** Whether a page follows this one. */
  hasNext: boolean;
  loading: boolean;
  error: unknown;
  setPage: (page: number, pageSize?: number) => void;
  setSort: (sort: string | undefined) => void;
  setKeyword: (keyword: string) => void;
  setFilter: (filter: FilterTriple[]) => void;
  reload: () => void;
}

/** The keyword search and extra filters become the list API's filter triples. */
export function toFilter(keyword: string, filter: FilterTriple[]): FilterTriple[] {
  const text = keyword.trim();
  return text ? [['keyword', text], ...filter] : filter;
}

/** Paging (10 by default), sort, keyword and filters of one list call, refetched when any changes. */
export function useListQuery<C extends ListContract>(contract: C, initial: Partial<ListQueryState> = {}): ListQueryResult<RowOf<C>> {
  const [state, setState] = useState<ListQueryState>({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    keyword: '',
    filter: [],
    ...initial,
  });
  const query = listParams({
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    filter: toFilter(state.keyword, state.filter),
    after: state.after,
  });
  const { data, loading, error, reload } = useCall(contract, { query: query as never });
  const paged = data as Paged<RowOf<C>> | undefined;
  // A server from before capped totals sends neither field: its totals are exact and it has no cursors.
  const result = { rows: paged?.list ?? [], total: paged?.total ?? 0, totalExact: paged?.totalExact ?? true, next: paged?.next ?? null };

  // "Next page" follows the cursor of the page on screen (keyset: as fast deep as on page 1); any
  // other jump asks for the page by number.
  const next = useRef<string | null>(null);
  next.current = result.next;
  const setPage = useCallback(
    (page: number, pageSize?: number) =>
      setState((s) => {
        if (pageSize && pageSize !== s.pageSize) return { ...s, page: 1, pageSize, after: undefined };
        return { ...s, page, after: page === s.page + 1 && next.current ? next.current : undefined };
      }),
    [],
  );
  const setSort = useCallback((sort: string | undefined) => setState((s) => ({ ...s, sort, page: 1, after: undefined })), []);
  const setKeyword = useCallback((keyword: string) => setState((s) => ({ ...s, keyword, page: 1, after: undefined })), []);
  const setFilter = useCallback((filter: FilterTriple[]) => setState((s) => ({ ...s, filter, page: 1, after: undefined })), []);

  const { next: nextCursor, ...shown } = result;
  return { ...state, ...shown, hasNext: nextCursor !== null, loading, error, setPage, setSort, setKeyword, setFilter, reload };
}
