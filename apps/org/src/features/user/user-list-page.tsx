import { Card } from 'antd';
import { useMemo } from 'react';
import { memberListCall, useT } from '@uc/shared';
import { ListTable, useListQuery } from '@uc/shared/ui';
import { userColumns } from './user-columns';

/** /org/user: the tenant's users, paged on the server, with keyword search and sorting. */
export function UserListPage() {
  const t = useT();
  const query = useListQuery(memberListCall, { sort: '-createdAt' });
  const columns = useMemo(() => userColumns(t), [t]);
  return (
    <Card title={t('org.user.title')}>
      <ListTable query={query} columns={columns} rowKey="id" searchPlaceholder={t('org.user.search')} />
    </Card>
  );
}
