import { useMemo } from 'react';
import { permissionOf, type CallContract } from '@uc/contracts';
import { useSession } from '../session/session-store';
import { access, type Access } from './access';

export function useAccess(): Access {
  const user = useSession((s) => s.currentUser);
  const menu = useSession((s) => s.adminMenu);
  return useMemo(() => access(user, menu), [user, menu]);
}

/**
 * What a permission check names: the call a button makes (its address is the permission string; a batch
 * call names its single-row call's, `permission`), or the string itself.
 */
export type PermissionOf = Pick<CallContract, 'path' | 'permission'> | string;

/**
 * The one permission check of every screen: `can(memberEditCall)` is whether the signed-in user may
 * make that call, from the permissions list of member/info. A button the user may not press is hidden,
 * which beats a 403 toast; the server checks again on every call.
 */
export function useCan(): (permission: PermissionOf) => boolean {
  const { hasPermission } = useAccess();
  return useMemo(() => (permission: PermissionOf) => hasPermission(typeof permission === 'string' ? permission : permissionOf(permission)), [hasPermission]);
}
