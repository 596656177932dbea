import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { tenantPolicyDeleteCall, tenantPolicyEditCall, tenantPolicyListCall, tenantPolicyStatusCall, type TenantPolicyRow } from '@uc/contracts';
import { call, formatDateTime, useCan, useLocale, useT } from '@uc/client';
import { ListTable, useListQuery } from '@uc/ui';
import { policyColumns } from './policy-columns';
import { PolicyFormDrawer } from './policy-form-drawer';

/**
 * /tenant/policy: what each tenant may have and hold, and what registration does. The list's own order
 * puts the default policy first; a column header sorts by it instead.
 */
export function PolicyPage() {
  const t = useT();
  const { locale } = useLocale();
  const can = useCan();
  const query = useListQuery(tenantPolicyListCall);
  const { reload } = query;
  const [editor, setEditor] = useState<{ open: boolean; record?: TenantPolicyRow }>({ open: false });

  const canEdit = can(tenantPolicyEditCall);
  const canDelete = can(tenantPolicyDeleteCall);
  const canStatus = can(tenantPolicyStatusCall);

  const columns = useMemo(
    () =>
      policyColumns(t, (iso) => formatDateTime(iso, locale), {
        canEdit,
        canDelete,
        canStatus,
        onEdit: (record) => setEditor({ open: true, record }),
        onDelete: (row) =>
          void call(tenantPolicyDeleteCall, { body: { id: row.id }, done: 'deleted' })
            .then(() => reload())
            .catch(() => undefined),
        onStatus: (row, status) => call(tenantPolicyStatusCall, { body: { id: row.id, status }, done: 'saved' }).then(() => reload()),
      }),
    [t, locale, canEdit, canDelete, canStatus, reload],
  );

  const toolbar = canEdit && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
      {t('tenant.policy.createTitle')}
    </Button>
  );

  return (
    <Card title={t('tenant.policy.title')}>
      <ListTable query={query} columns={columns} rowKey="id" searchPlaceholder={t('tenant.policy.search')} toolbar={toolbar} />
      <PolicyFormDrawer
        open={editor.open}
        record={editor.record}
        onClose={() => setEditor({ open: false })}
        onSaved={() => {
          setEditor({ open: false });
          reload();
        }}
      />
    </Card>
  );
}
