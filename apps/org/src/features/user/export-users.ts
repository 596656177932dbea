import { type FilterTriple } from '@uc/contracts';
import { type call as Call } from '@uc/client';
import { fetchAllRows, toCsv as toCsvOf, toExcelXml as toExcelXmlOf, type ExportColumn as KitColumn } from '@uc/ui';
import type { UserListCall, UserRow } from './user-row';

/*
 * The user list's export: the UI kit's list export (@uc/ui list-export.tsx, which every list screen
 * uses), with columns named by the user row's keys.
 */

export { download, safeCell } from '@uc/ui';

export interface ExportColumn {
  key: keyof UserRow;
  title: string;
}

const cells = (columns: readonly ExportColumn[]): KitColumn<UserRow>[] => columns.map((c) => ({ title: c.title, value: (row) => row[c.key] }));

/** Every row of the current filtered list; `onProgress` gets 0..1. `call` is the screen's (useScopedCall). */
export function fetchAllUsers(
  call: typeof Call,
  options: { listCall: UserListCall; filter: FilterTriple[]; sort?: string; signal?: AbortSignal },
  onProgress: (done: number) => void,
): Promise<UserRow[]> {
  return fetchAllRows(call, options.listCall, options, onProgress) as Promise<UserRow[]>;
}

export const toCsv = (rows: UserRow[], columns: ExportColumn[]): string => toCsvOf(rows, cells(columns));

export const toExcelXml = (rows: UserRow[], columns: ExportColumn[], sheet: string): string => toExcelXmlOf(rows, cells(columns), sheet);
