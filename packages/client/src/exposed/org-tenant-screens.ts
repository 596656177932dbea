import type { ComponentType, ReactNode } from 'react';
import { defineExposedModule, type ExposedModuleExports } from './exposed-module';

/** A tenant's records, as a platform administrator works on them (every call carries the tenant). */
export interface TenantScopeProps {
  tenantId: number;
}

/** A tenant's users (interface 1.1: onChange). */
export interface TenantUsersProps extends TenantScopeProps {
  /**
   * Called after each write that may change the tenant's users (added, imported, deleted, restored,
   * purged, enabled or disabled), once the list has been asked again: the host refreshes what it shows
   * about them (the details page's user count).
   */
  onChange?: () => void;
}

/** The users of every tenant, or of the one chosen: the rows carry their tenant and are acted on there. */
export interface EveryTenantUsersProps {
  /** The card's title. */
  title?: ReactNode;
  /** The tenant chosen to filter the list (undefined: every tenant); new users and imports go there. */
  tenantId?: number | undefined;
  /** Shown first among the list's buttons (the tenant remote's tenant select). */
  toolbar?: ReactNode;
}

/**
 * What the org remote exposes as './tenant-screens', version 1.1: its user, department and post
 * screens for the tenant remote (a tenant's details tabs, /tenant/user/list and /tenant/user/recycle).
 * They register their own texts. 1.1 added TenantUsers' onChange.
 */
export interface OrgTenantScreens extends ExposedModuleExports {
  /** A tenant's users, with their recycle bin as a tab. */
  TenantUsers: ComponentType<TenantUsersProps>;
  TenantDepts: ComponentType<TenantScopeProps>;
  TenantPosts: ComponentType<TenantScopeProps>;
  /** The users of every tenant, with a 租户 column; 新增用户 and 导入 once a tenant is chosen. */
  EveryTenantUsers: ComponentType<EveryTenantUsersProps>;
  /** The deleted users of every tenant, each restored or purged in its own tenant. */
  EveryTenantRecycle: ComponentType<EveryTenantUsersProps>;
}

export const ORG_TENANT_SCREENS = defineExposedModule<OrgTenantScreens>('org', './tenant-screens', '1.1');
