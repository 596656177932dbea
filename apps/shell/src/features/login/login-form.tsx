import { useState, type FormEvent } from 'react';
import { isCaptchaChallenge, type AccountLoginBody } from '@uc/contracts';
import { ApiError, useT } from '@uc/client';
import { LoginField } from './login-field';
import { LockIcon, SafetyIcon, UserIcon } from './login-icons';
import { useCaptcha } from './use-captcha';

export interface LoginFormProps {
  /** The site asks everyone for a captcha (loginConfig); the server may also ask for one on its own. */
  captchaSwitch: boolean;
  /** Signs in; rejects when the server refuses (the API client has shown why). */
  onSubmit: (body: AccountLoginBody) => Promise<void>;
  onCaptchaError: () => void;
}

type Values = { username: string; password: string; code: string };
type Errors = Partial<Record<keyof Values, string>>;

/** Spec section 5: username, password and (when asked for) the captcha are required. */
export function validateLogin(values: Values, captcha: boolean, t: (key: string) => string): Errors {
  const errors: Errors = {};
  if (!values.username.trim()) errors.username = t('login.username.required');
  if (!values.password) errors.password = t('login.password.required');
  if (captcha && !values.code.trim()) errors.code = t('login.captcha.required');
  return errors;
}

export function LoginForm({ captchaSwitch, onSubmit, onCaptchaError }: LoginFormProps) {
  const t = useT();
  const [values, setValues] = useState<Values>({ username: '', password: '', code: '' });
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Set once the server refuses a sign-in for want of a captcha (too many failures on the account,
  // or a site setting this page did not know): from then on every attempt carries one.
  const [challenged, setChallenged] = useState(false);
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null);
  const withCaptcha = captchaSwitch || challenged;
  const { captcha, refresh } = useCaptcha(withCaptcha, onCaptchaError);
  // Like antd's Form: messages appear after the first submit, then follow every keystroke.
  const errors = submitted ? validateLogin(values, withCaptcha, t) : {};
  const set = (key: keyof Values) => (value: string) => {
    if (key === 'code') setCodeRefusal(null);
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateLogin(values, withCaptcha, t)).length > 0) return;
    setSubmitting(true);
    const sent = withCaptcha && captcha ? { cid: captcha.cid, code: values.code.trim() } : null;
    try {
      await onSubmit({ username: values.username.trim(), password: values.password, ...sent });
    } catch (error) {
      if (error instanceof ApiError && isCaptchaChallenge(error.data)) {
        setChallenged(true);
        setCodeRefusal(t(sent ? 'login.captcha.wrong' : 'login.captcha.needed'));
      }
      // A used captcha is spent whether or not the sign-in worked; a first challenge fetches one by itself.
      if (withCaptcha) {
        setValues((v) => ({ ...v, code: '' }));
        refresh();
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form name="login" onSubmit={submit} noValidate>
      <LoginField
        t={t}
        name="username"
        icon={<UserIcon />}
        value={values.username}
        onChange={set('username')}
        placeholder={t('login.username.placeholder')}
        error={errors.username}
        autoComplete="username"
      />
      <LoginField
        t={t}
        name="password"
        type="password"
        icon={<LockIcon />}
        value={values.password}
        onChange={set('password')}
        placeholder={t('login.password.placeholder')}
        error={errors.password}
        autoComplete="current-password"
      />
      {withCaptcha ? (
        <LoginField
          t={t}
          name="code"
          icon={<SafetyIcon />}
          value={values.code}
          onChange={set('code')}
          placeholder={t('login.captcha.placeholder')}
          error={codeRefusal ?? errors.code}
          autoComplete="off"
          addon={
            <button
              type="button"
              onClick={refresh}
              title={t('login.captcha.refresh')}
              aria-label={t('login.captcha.refresh')}
              style={{
                height: 40,
                width: 120,
                padding: 0,
                border: '1px solid #d9d9d9',
                borderRadius: 8,
                background: '#fff',
                cursor: 'pointer',
                overflow: 'hidden',
              }}
            >
              {captcha ? <img src={captcha.base64} alt={t('login.captcha.alt')} style={{ height: '100%', width: '100%' }} /> : null}
            </button>
          }
        />
      ) : null}
      <button type="submit" className="uc-login-submit" disabled={submitting} aria-busy={submitting}>
        {t('login.submit')}
      </button>
    </form>
  );
}
