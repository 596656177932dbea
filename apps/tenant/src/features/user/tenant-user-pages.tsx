import { useState } from 'react';
import { useT } from '@uc/client';
import { ORG_TENANT_SCREENS } from '@uc/client/exposed';
import { ExposedSlot } from '@uc/ui';
import { TenantSelect } from '../../lib/tenant-select';

/*
 * The users of every tenant and their recycle bin: the org remote's user screen (its columns, filters
 * and row actions, each acting in the row's own tenant), loaded at run time from org ('./tenant-screens'),
 * with this remote's tenant filter. New users need a tenant: 新增用户 and 导入 appear once one is chosen.
 */

/** /tenant/user/list */
export function TenantUserListPage() {
  const t = useT();
  const [tenantId, setTenantId] = useState<number>();
  return (
    <ExposedSlot
      module={ORG_TENANT_SCREENS}
      render={(m) => (
        <m.EveryTenantUsers title={t('tenant.user.list.title')} tenantId={tenantId} toolbar={<TenantSelect value={tenantId} onChange={setTenantId} />} />
      )}
    />
  );
}

/** /tenant/user/recycle: the deleted users of every tenant, restored or purged in their own tenant. */
export function TenantUserRecyclePage() {
  const t = useT();
  const [tenantId, setTenantId] = useState<number>();
  return (
    <ExposedSlot
      module={ORG_TENANT_SCREENS}
      render={(m) => (
        <m.EveryTenantRecycle title={t('tenant.user.recycle.title')} tenantId={tenantId} toolbar={<TenantSelect value={tenantId} onChange={setTenantId} />} />
      )}
    />
  );
}
