import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { type LoginConfig, type LoginResult } from '@uc/contracts';
import { redirectTarget, refreshUser, setAccessToken, useSession, useT } from '@uc/client';
import { palette } from '@uc/ui/palette';
import { CopyrightFooter } from '../../components/copyright-footer';
import { LanguageSelect } from '../../components/language-select';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { loginApi as defaultApi, type LoginApi, type RegisterResult } from './login-api';
import { LoginForm } from './login-form';
import { LoginStyles } from './login-styles';
import { LoginTabs } from './login-tabs';
import { OidcLoginButtons } from './oidc-login-buttons';
import { PhoneLoginForm } from './phone-login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';
import { useLoginApiUi } from './use-login-api-ui';
import { useLoginConfig } from './use-login-config';

type View = 'login' | 'forgot' | 'registered';

/** What the screen offers, from loginConfig and the calls the server has (spec sections 2 and 7). */
export function loginFeatures(config: LoginConfig | null, api: LoginApi) {
  const sms = !!api.sendSmsCode;
  return {
    phoneTab: !!config?.smsLogin && sms && !!api.mobileLogin,
    register: !!config?.registerSwitch && sms && !!api.register,
    forgot: sms && !!api.resetPassword,
    demo: !!config?.demoMode && !!api.demoLogin,
    captcha: config?.captchaSwitch ?? false,
    forceInvite: config?.forceInvite ?? false,
  };
}

function RegisterResultView({ result, onSignedIn }: { result: RegisterResult; onSignedIn: () => void }) {
  const t = useT();
  return (
    <div role="status" data-testid="register-result" style={{ textAlign: 'center' }}>
      <div
        aria-hidden
        style={{ width: 56, height: 56, margin: '0 auto 16px', borderRadius: '50%', background: '#52c41a', color: '#fff', fontSize: 32, lineHeight: '56px' }}
      >
        ✓
      </div>
      <h2 style={{ fontSize: 20, fontWeight: 500, margin: '0 0 8px' }}>{t('register.result.title')}</h2>
      <p style={{ color: palette.textSecondary, margin: '0 0 24px' }}>{t('register.result.description', { username: result.username })}</p>
      {result.token ? (
        <button type="button" className="uc-login-submit" onClick={onSignedIn}>
          {t('register.result.enter')}
        </button>
      ) : (
        <Link className="uc-login-submit uc-login-link-button" to="/user/login" replace>
          {t('register.result.signIn')}
        </Link>
      )}
    </div>
  );
}

export function LoginScreen({ api = defaultApi }: { api?: LoginApi }) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { toast, holder } = useLoginApiUi();
  const loginConfig = useLoginConfig();
  const siteName = useSession((s) => s.siteConfig?.siteName);
  const [tab, setTab] = useState('account');
  const [view, setView] = useState<View>('login');
  const [registered, setRegistered] = useState<RegisterResult | null>(null);
  const features = loginFeatures(loginConfig, api);
  const registering = pathname.startsWith('/user/reg');

  const enter = async () => {
    await refreshUser();
    await navigate(redirectTarget(params.get('redirect')), { replace: true });
  };
  const signedIn = async (result: LoginResult) => {
    setAccessToken(result.token);
    void toast.success(t('login.success'));
    await enter();
  };
  const captchaFailed = useCallback(() => void toast.error(t('login.captcha.failure')), [toast, t]);
  const sendCode = (purpose: 'login' | 'register' | 'reset') => async (mobile: string) => {
    const cooldown = await api.sendSmsCode!(mobile, purpose);
    void toast.success(t('login.smsCode.sent'));
    return cooldown;
  };
  const keepRedirect = params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect')!)}` : '';

  let card;
  if (registering && registered) {
    card = (
      <RegisterResultView
        result={registered}
        onSignedIn={() => {
          setAccessToken(registered.token!);
          void enter();
        }}
      />
    );
  } else if (registering) {
    card = features.register ? (
      <>
        <h2 className="uc-login-heading">{t('login.register.title')}</h2>
        <RegisterForm
          forceInvite={features.forceInvite}
          inviteCode={params.get('inviteCode') ?? ''}
          onSendCode={sendCode('register')}
          onSubmit={async (values) => setRegistered(await api.register!(values))}
        />
      </>
    ) : (
      <p role="note" style={{ textAlign: 'center', color: 'rgba(0,0,0,0.65)' }}>
        {loginConfig ? t('login.register.closed') : t('app.loading')}
      </p>
    );
  } else if (view === 'forgot' && features.forgot) {
    card = (
      <>
        <h2 className="uc-login-heading">{t('reset.title')}</h2>
        <ResetPasswordForm
          onSendCode={sendCode('reset')}
          onSubmit={async (values) => {
            await api.resetPassword!(values);
            void toast.success(t('reset.success'));
            setView('login');
          }}
        />
      </>
    );
  } else {
    card = (
      <LoginTabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'account',
            label: t('login.tab.account'),
            children: (
              <>
                <LoginForm captchaSwitch={features.captcha} onSubmit={async (body) => signedIn(await api.accountLogin(body))} onCaptchaError={captchaFailed} />
                <OidcLoginButtons onSignedIn={signedIn} />
              </>
            ),
          },
          ...(features.phoneTab
            ? [
                {
                  key: 'phone',
                  label: t('login.tab.phone'),
                  children: <PhoneLoginForm onSendCode={sendCode('login')} onSubmit={async (values) => signedIn(await api.mobileLogin!(values))} />,
                },
              ]
            : []),
        ]}
      />
    );
  }

  return (
    <div style={{ minHeight: '100%', display: 'flex', flexDirection: 'column', background: '#f0f2f5' }}>
      <SkipLink />
      {holder}
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <LanguageSelect />
      </div>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', paddingTop: '8vh' }}>
        <h1 style={{ margin: 0, fontSize: 33, fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>{siteName || t('login.title')}</h1>
        <p style={{ margin: '12px 0 32px', color: palette.textSecondary }}>{t('login.subtitle')}</p>
        <div style={{ width: 'min(368px, calc(100vw - 32px))' }}>
          {card}
          <div className="uc-login-links">
            {registering || view === 'forgot' ? (
              <Link to={`/user/login${keepRedirect}`} onClick={() => setView('login')}>
                {t('login.register.back')}
              </Link>
            ) : (
              <>
                {features.forgot ? (
                  <button type="button" className="uc-login-linkish" onClick={() => setView('forgot')}>
                    {t('login.forgot')}
                  </button>
                ) : (
                  <span />
                )}
                {features.register ? <Link to={`/user/reg${keepRedirect}`}>{t('login.register.link')}</Link> : null}
              </>
            )}
          </div>
          {features.demo && !registering && view === 'login' ? (
            <button type="button" className="uc-login-demo" data-testid="demo-login" onClick={() => void api.demoLogin!().then(signedIn, () => undefined)}>
              {t('login.demo')}
            </button>
          ) : null}
        </div>
      </main>
      <CopyrightFooter />
    </div>
  );
}

/** /user/login and /user/reg: one screen, outside the main layout (spec section 2). */
export default function LoginPage() {
  return (
    <>
      <LoginStyles />
      <LoginScreen />
    </>
  );
}
