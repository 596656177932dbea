import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import {
  call,
  memberEditCall,
  memberImportCall,
  memberListCall,
  memberRecycleListCall,
  memberStatusCall,
  useSession,
  useT,
  type MemberRow,
  useCan,
} from '@uc/shared';
import { ListTable, useListQuery } from '@uc/shared/ui';
import { ColumnSettings } from '../../lib/column-settings';
import { ExportButton } from './export-button';
import { ImportButton } from './import-button';
import { FilterBuilder } from '../../lib/filter-builder';
import { StatusSwitch } from '@uc/shared/ui';
import { BalanceModal, type BalanceTarget } from './balance-modal';
import { ResetPasswordModal } from './reset-password-modal';
import { statusTag, userColumns } from './user-columns';
import { UserDetailDrawer } from './user-detail-drawer';
import { UserFormModal } from './user-form-modal';
import { USER_LIST_INITIAL } from './user-list-query';
import { UserRowActions } from './user-row-actions';

const HIDDEN_KEY = 'uc.org.user.hiddenColumns';
const FILTER_FIELDS = ['username', 'realName', 'mobile', 'email', 'status', 'balance', 'integral', 'loginCount', 'lastLoginAt', 'lastLoginIp', 'createdAt'];
const EXPORT_KEYS = [
  'id',
  'username',
  'realName',
  'mobile',
  'email',
  'deptName',
  'postName',
  'balance',
  'integral',
  'status',
  'lastLoginAt',
  'createdAt',
] as const;
const readHidden = (): string[] => {
  try {
    return JSON.parse(localStorage.getItem(HIDDEN_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};

/** /org/user: users (or the recycle bin), server-paged, searchable with the filter operators, with every row action. */
export function UserListPage() {
  const t = useT();
  const can = useCan();
  const selfId = useSession((s) => s.currentUser?.id);
  const [recycle, setRecycle] = useState(false);
  const query = useListQuery(recycle ? memberRecycleListCall : memberListCall, USER_LIST_INITIAL);
  const { reload } = query;
  const [hidden, setHidden] = useState<string[]>(readHidden);
  const [editing, setEditing] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [balance, setBalance] = useState<BalanceTarget | null>(null);
  const [resetting, setResetting] = useState<MemberRow | null>(null);
  const [revision, setRevision] = useState(0);

  const allColumns = useMemo(
    () =>
      userColumns(t, {
        status: (row) =>
          recycle ? (
            statusTag(t, row.status)
          ) : (
            <StatusSwitch
              status={row.status}
              disabled={!can(memberStatusCall) || row.id === selfId}
              onChange={(next) => call(memberStatusCall, { body: { id: row.id, status: next }, done: 'saved' }).then(reload)}
            />
          ),
        actions: (row) => (
          <UserRowActions
            row={row}
            recycle={recycle}
            on={{
              view: (r) => setViewing(r.id),
              edit: (r) => setEditing(r.id),
              balance: (user, kind) => setBalance({ user, kind }),
              resetPassword: setResetting,
              reload,
            }}
          />
        ),
      }),
    [t, can, recycle, reload, selfId],
  );
  const columns = allColumns.filter((c) => !hidden.includes(String(c.key)));
  const titled = allColumns.filter((c) => c.key !== 'actions').map((c) => ({ key: String(c.key), title: String(c.title) }));
  const saveHidden = (next: string[]) => {
    setHidden(next);
    localStorage.setItem(HIDDEN_KEY, JSON.stringify(next));
  };
  const afterSave = () => {
    setEditing(null);
    setBalance(null);
    setRevision((r) => r + 1);
    reload();
  };

  return (
    <Card
      title={t('org.user.title')}
      extra={
        can(memberRecycleListCall) && (
          <Segmented
            value={recycle ? 'recycle' : 'users'}
            onChange={(v) => setRecycle(v === 'recycle')}
            options={[
              { value: 'users', label: t('org.user.tab.users') },
              { value: 'recycle', label: t('org.user.tab.recycle') },
            ]}
          />
        )
      }
    >
      <Flex vertical gap={12}>
        <FilterBuilder
          fields={FILTER_FIELDS.map((key) => ({ key, label: titled.find((c) => c.key === key)?.title ?? t(`org.user.${key}`) }))}
          value={query.filter}
          onChange={query.setFilter}
        />
        <ListTable
          query={query}
          columns={columns}
          rowKey="id"
          searchPlaceholder={t('org.user.search')}
          toolbar={
            <>
              {!recycle && can(memberEditCall) && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>
                  {t('org.user.create')}
                </Button>
              )}
              {!recycle && can(memberImportCall) && <ImportButton onImported={reload} />}
              <ExportButton
                recycle={recycle}
                filter={query.keyword.trim() ? [['keyword', query.keyword.trim()], ...query.filter] : query.filter}
                sort={query.sort}
                columns={EXPORT_KEYS.map((key) => ({ key, title: titled.find((c) => c.key === key)?.title ?? t(`org.user.${key}`) }))}
              />
              <ColumnSettings columns={titled} hidden={hidden} onChange={saveHidden} />
            </>
          }
        />
      </Flex>
      <UserFormModal userId={editing} onClose={() => setEditing(null)} onSaved={afterSave} />
      <UserDetailDrawer userId={viewing} revision={revision} onClose={() => setViewing(null)} />
      <BalanceModal target={balance} onClose={() => setBalance(null)} onSaved={afterSave} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}
