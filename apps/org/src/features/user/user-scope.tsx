import type { ReactNode } from 'react';
import { TenantScope, useSession, useTenantScope } from '@uc/client';
import type { UserRow } from './user-row';

/**
 * What is inside acts in the row's tenant when the row names one (a list of several tenants' users),
 * else in the page's. Always a TenantScope, so the tree keeps its shape when a modal's row goes away
 * (a wrapper that came and went would remount the modal and cut its closing animation).
 */
export function RowScope({ row, children }: { row: Pick<UserRow, 'tenantId'> | null | undefined; children?: ReactNode }) {
  const page = useTenantScope();
  return <TenantScope tenantId={row?.tenantId ?? page}>{children}</TenantScope>;
}

/** Whether the row is the signed-in user (who may not disable, sign out or delete themself): same id, same tenant. */
export function useIsSelf(row: Pick<UserRow, 'id'> & Partial<Pick<UserRow, 'tenantId'>>): boolean {
  const me = useSession((s) => s.currentUser);
  const scope = useTenantScope();
  const tenant = row.tenantId ?? scope;
  return !!me && me.id === row.id && (tenant === undefined || tenant === me.tenantId);
}
