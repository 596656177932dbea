import { profileLedgerCall } from '@uc/contracts';
import { formatDateTime, useLocale, useT } from '@uc/client';
import { ListTable, useListQuery } from '@uc/ui';
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
