import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { redirectTarget, refreshUser, setAccessToken } from '@uc/shared';
import { PageLoading } from './page-loading';

/**
 * /user/jump?redirect=<address>[&token=<token>]: the hand-over from another application of the
 * platform. A token given along is stored (and removed from the address at once, so it stays out of
 * the history); then the user goes to the redirect address inside the console, or the dashboard.
 */
export default function JumpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useEffect(() => {
    let live = true;
    const token = params.get('token');
    const target = redirectTarget(params.get('redirect'));
    if (token) window.history.replaceState(null, '', window.location.pathname);
    void (async () => {
      if (token) {
        setAccessToken(token);
        await refreshUser();
      }
      if (live) navigate(target, { replace: true });
    })();
    return () => {
      live = false;
    };
  }, [navigate, params]);
  return <PageLoading />;
}
