import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { logoutCall } from '@uc/contracts';
import { call, clearSession } from '@uc/client';
import { PageLoading } from './page-loading';

/** Ends the server session, forgets the token, and goes to the login page keeping `redirect`. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useEffect(() => {
    let cancelled = false;
    const redirect = params.get('redirect') ?? '';
    // Signing out must work even when the server is unreachable or the session already ended.
    void call(logoutCall, { skipErrorHandler: true })
      .catch(() => undefined)
      .finally(() => {
        if (cancelled) return;
        clearSession();
        void navigate(`/user/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`, { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, params]);
  return <PageLoading />;
}
