import { useMemo } from 'react';
import { tenantUserListCall, tenantUserRecycleCall, type FilterTriple } from '@uc/contracts';
import { TenantScope, useT } from '@uc/client';
import { ORG_TENANT_SCREENS, type EveryTenantUsersProps, type OrgTenantScreens, type TenantScopeProps, type TenantUsersProps } from '@uc/client/exposed';
import { DeptPage } from './features/dept/dept-page';
import { PostPage } from './features/post/post-page';
import { UserListPage, UserRecyclePage } from './features/user/user-list-page';

/*
 * Exposed as 'org/tenant-screens' (OrgTenantScreens of @uc/client/exposed): the org screens as the
 * tenant remote shows them, on a tenant's details page and on the users of every tenant. They are the
 * screens of /org/user, /org/dept and /org/post themselves, so a deploy of org changes both places.
 */

/** The interface version this build implements: the one it was built against. */
export const version = ORG_TENANT_SCREENS.version;

export function TenantUsers({ tenantId, onChange }: TenantUsersProps) {
  return (
    <TenantScope tenantId={tenantId}>
      <UserListPage {...(onChange ? { onChange } : {})} />
    </TenantScope>
  );
}

export function TenantDepts({ tenantId }: TenantScopeProps) {
  return (
    <TenantScope tenantId={tenantId}>
      <DeptPage />
    </TenantScope>
  );
}

export function TenantPosts({ tenantId }: TenantScopeProps) {
  return (
    <TenantScope tenantId={tenantId}>
      <PostPage />
    </TenantScope>
  );
}

/** The list's condition for the tenant chosen: every tenant's users, or that one's. */
const useTenantFilter = (tenantId: number | undefined) =>
  useMemo((): FilterTriple[] => (tenantId === undefined ? [] : [['tenantId', '=', tenantId]]), [tenantId]);

/**
 * /tenant/user/list: the users of every tenant with the org user screen itself (its columns, filters and
 * row actions, each acting in the row's own tenant), a 租户 column, and the tenant remote's filter. New
 * users need a tenant: 新增用户 and 导入 appear once one is chosen, and put the users there.
 */
export function EveryTenantUsers({ title, tenantId, toolbar }: EveryTenantUsersProps) {
  const t = useT();
  const extraFilters = useTenantFilter(tenantId);
  return (
    <UserListPage
      title={title ?? t('org.user.title')}
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
export function EveryTenantRecycle({ title, tenantId, toolbar }: EveryTenantUsersProps) {
  const extraFilters = useTenantFilter(tenantId);
  return <UserRecyclePage title={title} listCall={tenantUserRecycleCall} tenantColumn extraFilters={extraFilters} toolbar={toolbar} />;
}

// What the tenant remote loads, checked against the interface at this remote's build.
const _implements: OrgTenantScreens = { version, TenantUsers, TenantDepts, TenantPosts, EveryTenantUsers, EveryTenantRecycle };
