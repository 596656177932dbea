import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { openLoginCall } from '@uc/contracts';
import { call, redirectTarget, refreshUser, setAccessToken, useT } from '@uc/client';
import { palette } from '@uc/ui/palette';
import { PageLoading } from './page-loading';

// A nonce is accepted once, so the sign-in of one address runs once even when the effect runs twice
// (React's strict mode in development).
const pending = new Map<string, Promise<void>>();
function openLogin(body: { key: string; timestamp: number; nonce: string; signature: string }) {
  const id = `${body.key}\n${body.timestamp}\n${body.nonce}\n${body.signature}`;
  let p = pending.get(id);
  if (!p) {
    p = (async () => {
      const result = await call(openLoginCall, { body, skipErrorHandler: true });
      setAccessToken(result.token);
      await refreshUser();
    })();
    pending.set(id, p);
  }
  return p;
}

/**
 * /user/access?key=&timestamp=&nonce=&signature=&redirect=: the open-access landing (spec section 2).
 * It signs in with the signed open-access values, keeps the token like a normal sign-in, and goes
 * to `redirect` when it lies inside this console (else the dashboard). A refused or malformed link
 * shows an error with a way to the login page; no token is stored then. No antd here: this page is
 * on the light, signed-out path like the login page.
 */
export default function AccessPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const key = params.get('key') ?? '';
    const timestamp = params.get('timestamp') ?? '';
    const nonce = params.get('nonce') ?? '';
    const signature = params.get('signature') ?? '';
    if (!key || !timestamp || !nonce || !signature) {
      setError(t('access.missing'));
      return;
    }
    void (async () => {
      try {
        await openLogin({ key, timestamp: Number(timestamp), nonce, signature });
        if (cancelled) return;
        await navigate(redirectTarget(params.get('redirect')), { replace: true });
      } catch (e) {
        if (cancelled) return;
        const detail = e instanceof Error && e.message ? e.message : '';
        setError(detail ? `${t('access.failed')} (${detail})` : t('access.failed'));
      }
    })();
    return () => {
      cancelled = true;
    };
    // Runs again only if the address changes; a nonce already sent is not sent twice (pending).
  }, [params, navigate, t]);

  if (error === null) return <PageLoading />;
  return (
    <div role="alert" data-testid="access-error" style={{ maxWidth: 480, margin: '96px auto', padding: 24, textAlign: 'center', fontFamily: 'inherit' }}>
      <div
        aria-hidden
        style={{ width: 56, height: 56, margin: '0 auto 16px', borderRadius: '50%', background: '#ff4d4f', color: '#fff', fontSize: 32, lineHeight: '56px' }}
      >
        !
      </div>
      <h2 style={{ fontSize: 20, fontWeight: 500, margin: '0 0 8px' }}>{t('access.title')}</h2>
      <p style={{ color: 'rgba(0,0,0,0.65)', margin: '0 0 24px' }}>{error}</p>
      <Link to="/user/login" replace style={{ color: palette.brandText }}>
        {t('access.toLogin')}
      </Link>
    </div>
  );
}
