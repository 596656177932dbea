import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '@uc/shared';
import { PageLoading } from './page-loading';

/**
 * Guards everything inside the main layout. Kept free of antd so that a signed-out visitor is sent
 * to the login page before the layout's heavy chunks are even requested.
 */
export function RequireUser() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.currentUser);
  const signingOut = useSession((s) => s.signingOut);
  if (status !== 'ready' || signingOut) return <PageLoading />;
  if (!user) return <Navigate to={`/user/login?redirect=${encodeURIComponent(window.location.href)}`} replace />;
  return <Outlet />;
}
