import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OidcLoginError, oidcExchangeCall, oidcLoginCall, oidcProvidersCall, type LoginResult, type OidcProvider } from '@uc/contracts';
import { call, registerMessages, useT } from '@uc/client';
import { palette } from '@uc/ui/palette';
import { oidcLoginEnUS, oidcLoginZhCN } from './oidc-login-messages';

registerMessages('zh-CN', oidcLoginZhCN);
registerMessages('en-US', oidcLoginEnUS);

// A code is good once, so the exchange of one code runs once even when the effect runs twice
// (React's strict mode in development).
const exchanges = new Map<string, Promise<LoginResult>>();
function exchangeOnce(code: string): Promise<LoginResult> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = call(oidcExchangeCall, { body: { code }, skipErrorHandler: true });
    exchanges.set(code, pending);
  }
  return pending;
}

const KNOWN_ERRORS: readonly string[] = Object.values(OidcLoginError);

/**
 * The login page's third-party sign-in (OpenID Connect): a button per configured provider (nothing
 * when none is), and the way back from the provider. The callback opens this page with ?oidc=<one-time
 * code>, which is exchanged here for the session (the token itself never travels in an address), or
 * with ?oidcError=<reason>. No antd: the login page keeps to its download budget.
 */
export function OidcLoginButtons({
  onSignedIn,
  go = (url) => window.location.assign(url),
}: {
  onSignedIn: (result: LoginResult) => Promise<void>;
  /** Sends the browser to the provider (a test watches it instead). */
  go?: (url: string) => void;
}) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [providers, setProviders] = useState<OidcProvider[]>([]);
  const [starting, setStarting] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const code = params.get('oidc');
  const flag = params.get('oidcError');

  useEffect(() => {
    let live = true;
    // Offline or an older server: no buttons, the password sign-in stays.
    call(oidcProvidersCall, { skipErrorHandler: true }).then(
      (list) => live && setProviders(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!code) return;
    let live = true;
    exchangeOnce(code).then(
      (result) => (live ? onSignedIn(result) : undefined),
      (error: unknown) => {
        if (!live) return;
        setRefusal(error instanceof Error && error.message ? error.message : t('login.oidc.error.failed'));
        // The code is spent: a reload must not try it again.
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('oidc');
            return next;
          },
          { replace: true },
        );
      },
    );
    return () => {
      live = false;
    };
    // Runs again only for another code; onSignedIn and t may change identity on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  const start = async (provider: string) => {
    setStarting(provider);
    try {
      const { url } = await call(oidcLoginCall, { body: { provider, redirect: params.get('redirect') ?? '' } });
      go(url);
    } catch {
      // Refused (the API client has said why): the buttons come back.
      setStarting(null);
    }
  };

  const message = refusal ?? (flag && KNOWN_ERRORS.includes(flag) ? t(`login.oidc.error.${flag}`) : null);
  return (
    <div data-testid="oidc-login">
      {code && !refusal ? (
        <p role="status" style={{ textAlign: 'center', color: 'rgba(0,0,0,0.65)', margin: '16px 0 0' }}>
          {t('login.oidc.signingIn')}
        </p>
      ) : null}
      {message ? (
        <p role="alert" style={{ color: palette.error, fontSize: 14, lineHeight: '22px', margin: '16px 0 0' }}>
          {message}
        </p>
      ) : null}
      {providers.length > 0 ? (
        <div style={{ marginTop: 24 }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, color: palette.textSecondary, fontSize: 14 }}>
            <span style={{ flex: 1, borderTop: '1px solid rgba(5,5,5,0.06)' }} />
            {t('login.oidc.divider')}
            <span style={{ flex: 1, borderTop: '1px solid rgba(5,5,5,0.06)' }} />
          </div>
          {providers.map((p) => (
            <button
              key={p.id}
              type="button"
              className="uc-login-sms"
              data-testid={`oidc-login-${p.id}`}
              disabled={starting !== null || (!!code && !refusal)}
              onClick={() => void start(p.id)}
              style={{ width: '100%', marginTop: 16 }}
            >
              {t('login.oidc.button', { name: p.name })}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
