import { profileLoginsCall } from '@uc/contracts';
import { formatDateTime, useLocale, useT } from '@uc/client';
import { ListTable, useListQuery } from '@uc/ui';
import { loginColumns } from './login-columns';

/** The signed-in user's sign-in attempts, newest first: in the centre and in the security settings. */
export function LoginTable() {
  const t = useT();
  const { locale } = useLocale();
  const query = useListQuery(profileLoginsCall, { sort: '-createdAt' });
  return (
    <ListTable query={query} rowKey="id" columns={loginColumns(t, (iso) => formatDateTime(iso, locale))} searchPlaceholder={t('home.account.login.search')} />
  );
}
