import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { accountLoginCall, call, redirectTarget, refreshUser, setAccessToken, useSession, useT, type AccountLoginBody } from '@uc/shared';
import { CopyrightFooter } from '../../components/copyright-footer';
import { LanguageSelect } from '../../components/language-select';
import { LoginForm } from './login-form';
import { LoginTabs } from './login-tabs';
import { LoginStyles } from './login-styles';
import { useLoginApiUi } from './use-login-api-ui';
import { useLoginConfig } from './use-login-config';

function LoginScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { toast, holder } = useLoginApiUi();
  const loginConfig = useLoginConfig();
  const siteName = useSession((s) => s.siteConfig?.siteName);
  const [tab, setTab] = useState('account');

  const signIn = async (body: AccountLoginBody) => {
    const result = await call(accountLoginCall, { body });
    setAccessToken(result.token);
    void toast.success(t('login.success'));
    await refreshUser();
    navigate(redirectTarget(params.get('redirect')), { replace: true });
  };
  const captchaFailed = useCallback(() => void toast.error(t('login.captcha.failure')), [toast, t]);

  return (
    <div style={{ minHeight: '100%', display: 'flex', flexDirection: 'column', background: '#f0f2f5' }}>
      {holder}
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <LanguageSelect />
      </div>
      <main style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', paddingTop: '8vh' }}>
        <h1 style={{ margin: 0, fontSize: 33, fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>{siteName || t('login.title')}</h1>
        <p style={{ margin: '12px 0 32px', color: 'rgba(0,0,0,0.45)' }}>{t('login.subtitle')}</p>
        <div style={{ width: 'min(368px, calc(100vw - 32px))' }}>
          <LoginTabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'account',
                label: t('login.tab.account'),
                children: <LoginForm captchaSwitch={loginConfig?.captchaSwitch ?? false} onSubmit={signIn} onCaptchaError={captchaFailed} />,
              },
            ]}
          />
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
