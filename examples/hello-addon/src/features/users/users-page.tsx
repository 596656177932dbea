import { Alert, Card } from 'antd';
import { memberListCall, type MemberRow } from '@uc/contracts';
import { formatDateTime, useCan, useT } from '@uc/client';
import { ListTable, useListQuery } from '@uc/ui';

/**
 * /hello-addon/users: the users of the reader's tenant, read with the console's own call (memberListCall of
 * @uc/contracts: useListQuery of @uc/ui asks `call(memberListCall, { query })` of the typed client,
 * @uc/client, for each page) and shown with the UI kit's paged list (ListTable). The
 * console grants that call through its roles (用户管理), not through this page's menu entry: the page
 * says so to a reader whose roles do not grant it, instead of asking and being refused.
 */
export function UsersPage() {
  const t = useT();
  const can = useCan();
  const granted = can(memberListCall);
  return <Card title={t('hello-addon.users.title')}>{granted ? <UserList /> : <Alert type="info" showIcon title={t('hello-addon.users.notGranted')} />}</Card>;
}

function UserList() {
  const t = useT();
  const query = useListQuery(memberListCall);
  return (
    <ListTable<MemberRow>
      query={query}
      rowKey="id"
      searchPlaceholder={t('hello-addon.users.search')}
      columns={[
        { key: 'username', dataIndex: 'username', title: t('hello-addon.users.username'), sorter: true },
        { key: 'realName', dataIndex: 'realName', title: t('hello-addon.users.realName') },
        { key: 'createdAt', dataIndex: 'createdAt', title: t('hello-addon.users.createdAt'), sorter: true, render: (at: string) => formatDateTime(at) },
      ]}
    />
  );
}
