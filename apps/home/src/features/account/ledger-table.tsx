import { formatDateTime, profileLedgerCall, useLocale, useT } from '@uc/shared';
import { ListTable, useListQuery } from '@uc/shared/ui';
import { ledgerColumns } from './ledger-columns';

/** The signed-in user's balance and points history, newest first. */
export function LedgerTable() {
  const t = useT();
  const { locale } = useLocale();
  const query = useListQuery(profileLedgerCall, { sort: '-createdAt' });
  return (
    <ListTable query={query} rowKey="id" columns={ledgerColumns(t, (iso) => formatDateTime(iso, locale))} searchPlaceholder={t('home.account.ledger.search')} />
  );
}
