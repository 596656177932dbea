import type { ReactNode } from 'react';
import { usePermission } from './use-permission';

interface RequirePermissionProps {
  /** A permission string (an API address). */
  permission: string;
  /** Shown on denial; nothing by default, so a button simply does not appear. */
  fallback?: ReactNode;
  children: ReactNode;
}

export function RequirePermission({ permission, fallback = null, children }: RequirePermissionProps) {
  const { allowed, loading } = usePermission(permission);
  if (loading) return null;
  return <>{allowed ? children : fallback}</>;
}
