import { DEFAULT_PAGE_SIZE, listParams, memberListCall } from '@uc/contracts';
import { prefetchCall } from '@uc/client';

/** How the user list starts: newest first. Shared by the page and its prefetch, so they ask alike. */
export const USER_LIST_INITIAL = { sort: '-createdAt' } as const;

/** Starts the request for the list's first page, exactly as the page's list query will make it. */
export function prefetchUserList(): void {
  prefetchCall(memberListCall, { query: listParams({ page: 1, pageSize: DEFAULT_PAGE_SIZE, ...USER_LIST_INITIAL }) as never });
}
