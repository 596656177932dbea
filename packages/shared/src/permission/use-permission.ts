import { useMemo } from 'react';
import { useSession } from '../session/session-store';
import { access, type Access } from './access';

export function useAccess(): Access {
  const user = useSession((s) => s.currentUser);
  const menu = useSession((s) => s.adminMenu);
  return useMemo(() => access(user, menu), [user, menu]);
}

/** Whether the signed-in user holds the permission string; `loading` until the session has started. */
export function usePermission(permission: string): { allowed: boolean; loading: boolean } {
  const status = useSession((s) => s.status);
  const map = useAccess();
  return { allowed: map.hasPermission(permission), loading: status !== 'ready' };
}
