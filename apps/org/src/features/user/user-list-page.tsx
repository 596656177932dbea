import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Segmented } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { memberEditCall, memberImportCall, memberListCall, memberRecycleListCall, memberStatusCall, type FilterTriple } from '@uc/contracts';
import { TenantScope, useCan, useScopedCall, useT, useTenantScope } from '@uc/client';
import { ListTable, StatusSwitch, useListQuery } from '@uc/ui';
import { registerUserMessages } from './user-messages';
import { BalanceModal, type BalanceTarget } from './balance-modal';
import { ColumnSettings } from './column-settings';
import { ExportButton } from './export-button';
import { FilterBuilder } from './filter-builder';
import { ImportButton } from './import-button';
import { ResetPasswordModal } from './reset-password-modal';
import { statusTag, userColumns } from './user-columns';
import { UserDetailDrawer } from './user-detail-drawer';
import { UserFormModal } from './user-form-modal';
import { USER_LIST_INITIAL } from './user-list-query';
import type { UserListCall, UserRow } from './user-row';
import { UserRowActions } from './user-row-actions';
import { useUserBatch } from './user-batch';
import { RowScope, useIsSelf } from './user-scope';

registerUserMessages();

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
const NO_FILTERS: FilterTriple[] = [];
const readHidden = (): string[] => {
  try {
    return JSON.parse(localStorage.getItem(HIDDEN_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};

/** What the user list and the recycle bin pages have in common. */
export interface UserListProps {
  /**
   * The list shown: by default the member list (or the recycle bin) of the caller's tenant, or of the
   * TenantScope's; the tenant remote passes its list of every tenant's users, whose rows carry
   * tenantId and tenantName, and each row is then acted on in its own tenant.
   */
  listCall?: UserListCall;
  /** Adds a 租户 column (the rows' tenantName): for a list of several tenants' users. */
  tenantColumn?: boolean;
  /**
   * Conditions sent with every request of the list and of its export, besides the ones the user adds
   * (the tenant remote's tenant filter: [['tenantId', '=', 7]]). A change asks again from page 1.
   */
  extraFilters?: FilterTriple[];
  /** Shown first among the list's buttons (the tenant remote's tenant select). */
  toolbar?: ReactNode;
  /** The card's title; by default 用户管理 (回收站 for the recycle bin page). */
  title?: ReactNode;
  /** Called after each write to the users shown (TenantUsersProps.onChange of @uc/client/exposed). */
  onChange?: () => void;
}

export interface UserListPageProps extends UserListProps {
  /**
   * The list behind the page's 回收站 tab: memberRecycleListCall by default (in the scope's tenant);
   * null: no tab (a list of several tenants has its own recycle bin page, UserRecyclePage).
   */
  recycleListCall?: UserListCall | null;
  /**
   * With tenantColumn (users of several tenants): the tenant that 新增用户 and 导入 put users into,
   * normally the tenant filter's choice. Without one they are hidden there: a new user needs a tenant.
   * Elsewhere they create in the page's tenant (the TenantScope's, or the caller's own).
   */
  createTenantId?: number;
}

export type UserRecyclePageProps = UserListProps;

/** A user opened in a modal or drawer, with the tenant it belongs to (undefined: the page's). */
type Opened = { id: number; tenantId?: number | undefined };

/** The status cell: a switch acting in the row's tenant (it is rendered inside the row's scope). */
function UserStatusSwitch({ row, onSaved }: { row: UserRow; onSaved: () => void }) {
  const can = useCan();
  const call = useScopedCall();
  const self = useIsSelf(row);
  return (
    <StatusSwitch
      status={row.status}
      disabled={!can(memberStatusCall) || self}
      onChange={(next) => call(memberStatusCall, { body: { id: row.id, status: next }, done: 'saved' }).then(onSaved)}
    />
  );
}

/**
 * The conditions the user builds (FilterBuilder) and the page's extra ones together make the list's
 * filter; the extra ones come first and are not shown as removable conditions.
 */
function useUserListQuery(listCall: UserListCall, extraFilters: FilterTriple[]) {
  const query = useListQuery(listCall, { ...USER_LIST_INITIAL, filter: extraFilters });
  const [own, setOwn] = useState<FilterTriple[]>([]);
  const combined = [...extraFilters, ...own];
  // The extra conditions changed (another tenant chosen): the list follows in this very render, so
  // no request goes out with the previous ones.
  if (JSON.stringify(combined) !== JSON.stringify(query.filter)) query.setFilter(combined);
  const setOwnFilter = (next: FilterTriple[]) => {
    setOwn(next);
    query.setFilter([...extraFilters, ...next]);
  };
  return { query, own, setOwnFilter };
}

interface UserTableProps extends Omit<UserListProps, 'title'> {
  listCall: UserListCall;
  recycle: boolean;
  /** Where 新增用户 and 导入 create users: a tenant id, undefined for the page's tenant, null: nowhere (hidden). */
  createIn: number | undefined | null;
}

/** The users (or the recycle bin) of one list call: filters, the table, every row action and its modals. */
function UserTable({ listCall, recycle, tenantColumn = false, extraFilters = NO_FILTERS, toolbar, createIn, onChange }: UserTableProps) {
  const t = useT();
  const can = useCan();
  const page = useTenantScope();
  const { query, own, setOwnFilter } = useUserListQuery(listCall, extraFilters);
  // After a write: the list asks again, and so does whoever shows something about these users.
  const { reload: reloadList } = query;
  const reload = useCallback(() => {
    reloadList();
    onChange?.();
  }, [reloadList, onChange]);
  const [hidden, setHidden] = useState<string[]>(readHidden);
  // 0: a new user.
  const [editing, setEditing] = useState<Opened | null>(null);
  const [viewing, setViewing] = useState<Opened | null>(null);
  const [balance, setBalance] = useState<BalanceTarget | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [revision, setRevision] = useState(0);
  // Row selection and the batch actions; another list (the recycle bin, another tenant's) starts afresh.
  const batch = useUserBatch({ recycle, onDone: reload, resetKey: listCall });

  const allColumns = useMemo(
    () =>
      userColumns(t, {
        tenant: tenantColumn,
        status: (row) =>
          recycle ? (
            statusTag(row.status)
          ) : (
            <RowScope row={row}>
              <UserStatusSwitch row={row} onSaved={reload} />
            </RowScope>
          ),
        actions: (row) => (
          <RowScope row={row}>
            <UserRowActions
              row={row}
              recycle={recycle}
              on={{
                view: (r) => setViewing({ id: r.id, tenantId: r.tenantId }),
                edit: (r) => setEditing({ id: r.id, tenantId: r.tenantId }),
                balance: (user, kind) => setBalance({ user, kind }),
                resetPassword: setResetting,
                reload,
              }}
            />
          </RowScope>
        ),
      }),
    [t, recycle, reload, tenantColumn],
  );
  const columns = allColumns.filter((c) => !hidden.includes(String(c.key)));
  const titled = allColumns.filter((c) => c.key !== 'actions').map((c) => ({ key: String(c.key), title: String(c.title) }));
  const exportKeys = tenantColumn ? (['id', 'tenantName', ...EXPORT_KEYS.slice(1)] as const) : EXPORT_KEYS;
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
  const creating = !recycle && createIn !== null;

  return (
    <Flex vertical gap={12}>
      <FilterBuilder
        fields={FILTER_FIELDS.map((key) => ({ key, label: titled.find((c) => c.key === key)?.title ?? t(`org.user.${key}`) }))}
        value={own}
        onChange={setOwnFilter}
      />
      <ListTable
        query={query}
        columns={columns}
        rowKey="id"
        tableKey={recycle ? 'org.user.recycle' : 'org.user'}
        rowSelection={batch.rowSelection}
        above={batch.bar}
        searchPlaceholder={t('org.user.search')}
        toolbar={
          <>
            {toolbar}
            {creating && can(memberEditCall) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ id: 0, tenantId: createIn ?? undefined })}>
                {t('org.user.create')}
              </Button>
            )}
            {creating && can(memberImportCall) && (
              <TenantScope tenantId={createIn ?? page}>
                <ImportButton onImported={reload} />
              </TenantScope>
            )}
            <ExportButton
              listCall={listCall}
              filter={query.keyword.trim() ? [['keyword', query.keyword.trim()], ...query.filter] : query.filter}
              sort={query.sort}
              columns={exportKeys.map((key) => ({ key, title: titled.find((c) => c.key === key)?.title ?? t(`org.user.${key}`) }))}
            />
            <ColumnSettings columns={titled} hidden={hidden} onChange={saveHidden} />
          </>
        }
      />
      <RowScope row={editing}>
        <UserFormModal userId={editing?.id ?? null} onClose={() => setEditing(null)} onSaved={afterSave} />
      </RowScope>
      <RowScope row={viewing}>
        <UserDetailDrawer userId={viewing?.id ?? null} revision={revision} onClose={() => setViewing(null)} />
      </RowScope>
      <RowScope row={balance?.user}>
        <BalanceModal target={balance} onClose={() => setBalance(null)} onSaved={afterSave} />
      </RowScope>
      <RowScope row={resetting}>
        <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      </RowScope>
    </Flex>
  );
}

/**
 * /org/user: users (or the recycle bin), server-paged, searchable with the filter operators, with every
 * row action; in the tenant remote, the users of one tenant (inside a TenantScope) or of every tenant
 * (listCall, tenantColumn, extraFilters, createTenantId).
 */
export function UserListPage({ listCall = memberListCall, recycleListCall = memberRecycleListCall, createTenantId, title, ...rest }: UserListPageProps) {
  const t = useT();
  const can = useCan();
  const [recycle, setRecycle] = useState(false);
  const showRecycle = recycle && recycleListCall !== null;
  return (
    <Card
      title={title ?? t('org.user.title')}
      extra={
        recycleListCall &&
        can(recycleListCall) && (
          <Segmented
            value={showRecycle ? 'recycle' : 'users'}
            onChange={(v) => setRecycle(v === 'recycle')}
            options={[
              { value: 'users', label: t('org.user.tab.users') },
              { value: 'recycle', label: t('org.user.tab.recycle') },
            ]}
          />
        )
      }
    >
      <UserTable
        {...rest}
        listCall={showRecycle ? recycleListCall : listCall}
        recycle={showRecycle}
        createIn={rest.tenantColumn ? (createTenantId ?? null) : undefined}
      />
    </Card>
  );
}

/**
 * The deleted users of a list, each with 恢复 and 彻底删除 acting in the row's tenant: the tenant
 * remote's /tenant/user/recycle (listCall: its recycle bin of every tenant, tenantColumn), or a
 * tenant's recycle bin inside a TenantScope (the default memberRecycleListCall).
 */
export function UserRecyclePage({ listCall = memberRecycleListCall, title, ...rest }: UserRecyclePageProps) {
  const t = useT();
  return (
    <Card title={title ?? t('org.user.tab.recycle')}>
      <UserTable {...rest} listCall={listCall} recycle createIn={null} />
    </Card>
  );
}
