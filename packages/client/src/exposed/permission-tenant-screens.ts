import type { ComponentType } from 'react';
import { defineExposedModule, type ExposedModuleExports } from './exposed-module';
import type { TenantScopeProps } from './org-tenant-screens';

/** What the permission remote exposes as './tenant-screens', version 1.0: its role screen for a tenant's details tab. */
export interface PermissionTenantScreens extends ExposedModuleExports {
  /** A tenant's roles, with their permissions, acting in that tenant. */
  TenantRoles: ComponentType<TenantScopeProps>;
}

export const PERMISSION_TENANT_SCREENS = defineExposedModule<PermissionTenantScreens>('permission', './tenant-screens', '1.0');
