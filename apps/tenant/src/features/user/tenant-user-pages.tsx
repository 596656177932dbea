import { useMemo, useState } from 'react';
import { tenantUserListCall, tenantUserRecycleCall, useT, type FilterTriple } from '@uc/shared';
import { UserListPage, UserRecyclePage } from '@uc/shared/screens';
import { TenantSelect } from './tenant-select';

/** The tenant filter shared by both pages: every tenant, or the one chosen. */
function useTenantFilter() {
  const [tenantId, setTenantId] = useState<number>();
  const extraFilters = useMemo((): FilterTriple[] => (tenantId === undefined ? [] : [['tenantId', '=', tenantId]]), [tenantId]);
  return { tenantId, extraFilters, toolbar: <TenantSelect value={tenantId} onChange={setTenantId} /> };
}

/**
 * /tenant/user/list: the users of every tenant, with the org user screen itself (its columns, filters
 * and row actions, each acting in the row's own tenant), a tenant column and filter. New users need a
 * tenant: 新增用户 and 导入 appear once one is chosen, and put the users there.
 */
export function TenantUserListPage() {
  const t = useT();
  const { tenantId, extraFilters, toolbar } = useTenantFilter();
  return (
    <UserListPage
      title={t('tenant.user.list.title')}
      listCall={tenantUserListCall}
      tenantColumn
      extraFilters={extraFilters}
      toolbar={toolbar}
      {...(tenantId !== undefined ? { createTenantId: tenantId } : {})}
      recycleListCall={null}
    />
  );
}

/** /tenant/user/recycle: the deleted users of every tenant, restored or purged in their own tenant. */
export function TenantUserRecyclePage() {
  const t = useT();
  const { extraFilters, toolbar } = useTenantFilter();
  return <UserRecyclePage title={t('tenant.user.recycle.title')} listCall={tenantUserRecycleCall} tenantColumn extraFilters={extraFilters} toolbar={toolbar} />;
}
