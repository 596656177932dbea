import { type FilterTriple } from '@uc/contracts';
import { useT } from '@uc/client';
import { ExportButton as ListExportButton } from '@uc/ui';
import type { ExportColumn } from './export-users';
import type { UserListCall, UserRow } from './user-row';

interface ExportButtonProps {
  /** The list on screen (users or recycle bin), read in the screen's tenant scope. */
  listCall: UserListCall;
  filter: FilterTriple[];
  sort?: string;
  columns: ExportColumn[];
}

/** Exports the current filtered list (all pages) to CSV or Excel: the UI kit's export with the user columns. */
export function ExportButton({ listCall, filter, sort, columns }: ExportButtonProps) {
  const t = useT();
  return (
    <ListExportButton
      listCall={listCall}
      filter={filter}
      sort={sort}
      columns={columns.map((c) => ({ title: c.title, value: (row: UserRow) => row[c.key] }))}
      fileName="users"
      sheet={t('org.user.title')}
    />
  );
}
