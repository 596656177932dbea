import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '@uc/client';
import { PageLoading } from './page-loading';
import { lookUpUser, userNotLookedUp } from './user-lookup';

/**
 * Guards everything inside the main layout. Kept free of antd so that a signed-out visitor is sent
 * to the login page before the layout's heavy chunks are even requested. "No user" counts as signed
 * out only once the stored token (if any) has been looked up: a visit that began on a login page
 * (/user/jump) has not done that yet.
 */
export function RequireUser() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.currentUser);
  const signingOut = useSession((s) => s.signingOut);
  const [, setLookups] = useState(0);
  const lookingUp = status === 'ready' && !user && !signingOut && userNotLookedUp();
  useEffect(() => {
    // Twice in strict mode: the second run finds the token already asked for.
    if (!lookingUp || !userNotLookedUp()) return;
    void lookUpUser().finally(() => setLookups((n) => n + 1));
  }, [lookingUp]);
  if (status !== 'ready' || signingOut || lookingUp) return <PageLoading />;
  if (!user) return <Navigate to={`/user/login?redirect=${encodeURIComponent(window.location.href)}`} replace />;
  return <Outlet />;
}
