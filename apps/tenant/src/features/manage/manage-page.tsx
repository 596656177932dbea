import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Select } from 'antd';
import { useMemo, useState } from 'react';
import {
  Status,
  tenantDeleteCall,
  tenantEditCall,
  tenantListCall,
  tenantPolicyOptionCall,
  tenantStatusCall,
  type FilterTriple,
  type TenantEditResult,
  type TenantRow,
} from '@uc/contracts';
import { call, formatDateTime, useCan, useLocale, useT } from '@uc/client';
import { ListTable, useCall, useListQuery } from '@uc/ui';
import { manageColumns } from './manage-columns';
import { PasswordModal, type GeneratedPassword } from './password-modal';
import { TenantFormDrawer } from './tenant-form-drawer';

interface Filters {
  status?: number | undefined;
  policyId?: number | undefined;
}
const toFilter = (f: Filters): FilterTriple[] => [
  ...(f.status !== undefined ? ([['status', '=', f.status]] as FilterTriple[]) : []),
  ...(f.policyId !== undefined ? ([['policyId', '=', f.policyId]] as FilterTriple[]) : []),
];

/** /tenant/manage: every tenant, its administrator and policy; create, edit, switch off and delete. */
export function ManagePage() {
  const t = useT();
  const { locale } = useLocale();
  const can = useCan();
  const query = useListQuery(tenantListCall, { sort: '-createdAt' });
  const { reload, setFilter } = query;
  const [filters, setFilters] = useState<Filters>({});
  const [editor, setEditor] = useState<{ open: boolean; record?: TenantRow }>({ open: false });
  const [password, setPassword] = useState<GeneratedPassword>();
  const policies = useCall(tenantPolicyOptionCall, {}).data?.list;

  const canEdit = can(tenantEditCall);
  const canDelete = can(tenantDeleteCall);
  const canStatus = can(tenantStatusCall);

  const columns = useMemo(
    () =>
      manageColumns(t, (iso) => formatDateTime(iso, locale), {
        canEdit,
        canDelete,
        canStatus,
        onEdit: (record) => setEditor({ open: true, record }),
        onDelete: (row) =>
          void call(tenantDeleteCall, { body: { id: row.id }, done: 'deleted' })
            .then(reload)
            .catch(() => undefined),
        onStatus: (row, status) => call(tenantStatusCall, { body: { id: row.id, status }, done: 'saved' }).then(reload),
      }),
    [t, locale, canEdit, canDelete, canStatus, reload],
  );

  const filterBy = (next: Filters) => {
    setFilters(next);
    setFilter(toFilter(next));
  };
  const saved = (result: TenantEditResult) => {
    setEditor({ open: false });
    reload();
    if (result.generatedPassword) {
      setPassword({ tenantName: result.tenant.name, username: result.tenant.adminUsername, password: result.generatedPassword });
    }
  };

  const toolbar = (
    <>
      <Select<number>
        aria-label={t('tenant.manage.status')}
        allowClear
        style={{ minWidth: 120 }}
        placeholder={t('tenant.manage.filter.allStatus')}
        value={filters.status}
        onChange={(status) => filterBy({ ...filters, status })}
        options={[
          { value: Status.enabled, label: t('status.enabled') },
          { value: Status.disabled, label: t('status.disabled') },
        ]}
      />
      <Select<number>
        aria-label={t('tenant.manage.policy')}
        allowClear
        style={{ minWidth: 160 }}
        placeholder={t('tenant.manage.filter.allPolicies')}
        value={filters.policyId}
        onChange={(policyId) => filterBy({ ...filters, policyId })}
        options={(policies ?? []).map((p) => ({ value: p.id, label: p.title }))}
      />
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
          {t('tenant.common.create')}
        </Button>
      )}
    </>
  );

  return (
    <Card title={t('tenant.manage.title')}>
      <ListTable query={query} columns={columns} rowKey="id" searchPlaceholder={t('tenant.manage.search')} toolbar={toolbar} />
      <TenantFormDrawer open={editor.open} record={editor.record} onClose={() => setEditor({ open: false })} onSaved={saved} />
      <PasswordModal shown={password} onClose={() => setPassword(undefined)} />
    </Card>
  );
}
