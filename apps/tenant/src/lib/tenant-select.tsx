import { Select } from 'antd';
import { tenantOptionCall } from '@uc/contracts';
import { useT } from '@uc/client';
import { useCall } from '@uc/ui';

/** The tenant filter of the lists of every tenant's users: one tenant, or all of them (empty). */
export function TenantSelect({ value, onChange }: { value: number | undefined; onChange: (tenantId: number | undefined) => void }) {
  const t = useT();
  const tenants = useCall(tenantOptionCall, {}).data?.list;
  return (
    <Select<number>
      aria-label={t('tenant.user.tenant')}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 180 }}
      placeholder={t('tenant.user.allTenants')}
      loading={!tenants}
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      options={(tenants ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }))}
    />
  );
}
