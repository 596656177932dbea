import { TenantScope } from '@uc/client';
import { PERMISSION_TENANT_SCREENS, type PermissionTenantScreens, type TenantScopeProps } from '@uc/client/exposed';
import { RolePage } from './features/role/role-page';

/*
 * Exposed as 'permission/tenant-screens' (PermissionTenantScreens of @uc/client/exposed): the role screen
 * of /permission/role itself, inside a tenant, for the tenant remote's details page.
 */

/** The interface version this build implements: the one it was built against. */
export const version = PERMISSION_TENANT_SCREENS.version;

export function TenantRoles({ tenantId }: TenantScopeProps) {
  return (
    <TenantScope tenantId={tenantId}>
      <RolePage />
    </TenantScope>
  );
}

// What the tenant remote loads, checked against the interface at this remote's build.
const _implements: PermissionTenantScreens = { version, TenantRoles };
