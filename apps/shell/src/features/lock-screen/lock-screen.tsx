import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { captchaCall, isCaptchaChallenge, memberUnlockCall } from '@uc/contracts';
import { ApiError, call, logout, useSession, useT } from '@uc/client';
import { coverAllBut } from './cover-page';
import { unlockConsole, useLockScreen } from './lock-store';

/** A captcha image and its id, fetched while `wanted`; a code is good for one try, so it is fetched again after each. */
function useLockCaptcha(wanted: boolean) {
  const [captcha, setCaptcha] = useState<{ cid: string; base64: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(() => {
    call(captchaCall, { skipErrorHandler: true }).then(
      (next) => {
        setCaptcha(next);
        setFailed(false);
      },
      () => {
        setCaptcha(null);
        setFailed(true);
      },
    );
  }, []);
  useEffect(() => {
    if (wanted) refresh();
  }, [wanted, refresh]);
  return { captcha, failed, refresh };
}

type Refusal = { field: 'password' | 'code'; text: string };

function LockPanel() {
  const t = useT();
  const user = useSession((s) => s.currentUser);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // Set once the server asks for a captcha (the account failed too often): from then on every try carries one.
  const [challenged, setChallenged] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { captcha, failed: captchaFailed, refresh } = useLockCaptcha(challenged);
  const name = user?.realName || user?.username || '';

  const passwordHelp = refusal?.field === 'password' ? refusal.text : submitted && !password ? t('lock.password.required') : undefined;
  const codeHelp = captchaFailed
    ? t('lock.captcha.failed')
    : refusal?.field === 'code'
      ? refusal.text
      : submitted && challenged && !code.trim()
        ? t('lock.captcha.required')
        : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!password || (challenged && !code.trim())) return;
    setBusy(true);
    setRefusal(null);
    const sent = challenged && captcha ? { cid: captcha.cid, code: code.trim() } : null;
    try {
      await call(memberUnlockCall, { body: { password, ...sent }, skipErrorHandler: true });
      unlockConsole();
      return;
    } catch (error) {
      if (error instanceof ApiError && isCaptchaChallenge(error.data)) {
        setChallenged(true);
        setRefusal({ field: 'code', text: t(sent ? 'lock.captcha.wrong' : 'lock.captcha.needed') });
      } else {
        // Said under the field, in the reader's language (the server's refusal, or the client's network message).
        setRefusal({ field: 'password', text: error instanceof Error ? error.message : String(error) });
        setPassword('');
      }
      if (sent) {
        setCode('');
        refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="uc-lock-title"
      data-testid="lock-screen"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        overflow: 'auto',
        background: 'linear-gradient(160deg, #001529 0%, #003a70 100%)',
      }}
    >
      <main
        style={{
          width: 'min(360px, 100%)',
          background: '#fff',
          borderRadius: 12,
          padding: '32px 24px 24px',
          boxShadow: '0 12px 32px rgba(0,0,0,0.35)',
          textAlign: 'center',
        }}
      >
        <Avatar size={72} src={user?.avatar || undefined} icon={<UserOutlined />} alt={name} />
        <Typography.Title level={1} id="uc-lock-title" style={{ fontSize: 22, margin: '16px 0 4px' }}>
          <LockOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
          {t('lock.title')}
        </Typography.Title>
        <Typography.Paragraph style={{ marginBottom: 24 }}>{t('lock.description', { name })}</Typography.Paragraph>
        <Form component={false}>
          <form name="unlock" onSubmit={submit} noValidate style={{ textAlign: 'start' }}>
            {/* For password managers: the account this password belongs to. */}
            <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
            <Form.Item validateStatus={passwordHelp ? 'error' : undefined} help={passwordHelp} style={{ marginBottom: 16 }}>
              <Input.Password
                autoFocus
                size="large"
                name="password"
                autoComplete="current-password"
                prefix={<LockOutlined aria-hidden />}
                placeholder={t('lock.password.placeholder')}
                aria-label={t('lock.password.placeholder')}
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  if (refusal?.field === 'password') setRefusal(null);
                }}
                data-testid="lock-password"
              />
            </Form.Item>
            {challenged ? (
              <Form.Item validateStatus={codeHelp ? 'error' : undefined} help={codeHelp} style={{ marginBottom: 16 }}>
                <div style={{ display: 'flex', gap: 8 }}>
                  <Input
                    size="large"
                    name="code"
                    autoComplete="off"
                    prefix={<SafetyOutlined aria-hidden />}
                    placeholder={t('lock.captcha.placeholder')}
                    aria-label={t('lock.captcha.placeholder')}
                    value={code}
                    onChange={(e) => {
                      setCode(e.target.value);
                      if (refusal?.field === 'code') setRefusal(null);
                    }}
                    data-testid="lock-captcha"
                  />
                  <button
                    type="button"
                    onClick={refresh}
                    title={t('lock.captcha.refresh')}
                    aria-label={t('lock.captcha.refresh')}
                    style={{ flex: '0 0 112px', height: 40, padding: 0, border: '1px solid #d9d9d9', borderRadius: 8, background: '#fff', cursor: 'pointer' }}
                  >
                    {captcha ? <img src={captcha.base64} alt={t('lock.captcha.alt')} style={{ width: '100%', height: '100%', objectFit: 'contain' }} /> : null}
                  </button>
                </div>
              </Form.Item>
            ) : null}
            <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="lock-submit">
              {t('lock.submit')}
            </Button>
          </form>
        </Form>
        <div style={{ marginTop: 16 }}>
          <Button type="link" onClick={() => void logout()} data-testid="lock-sign-out">
            {t('lock.signOut')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
            {t('lock.signOut.hint')}
          </Typography.Paragraph>
        </div>
      </main>
    </div>
  );
}

/**
 * The lock screen over the console while IS-LOCKSCREEN is set: the console stays mounted behind it (a
 * half-filled form, the push stream and the session survive), but covered, inert and hidden from
 * assistive technology, antd's portals included (cover-page.ts). Only the user's password, checked by
 * the server under the sign-in throttle, or signing out leaves it.
 */
export function LockScreen() {
  const locked = useLockScreen((s) => s.locked);
  const [host, setHost] = useState<HTMLElement | null>(null);
  // Before the browser paints: the page behind must never show, not even for a frame after a reload.
  useLayoutEffect(() => {
    if (!locked) return undefined;
    const el = document.createElement('div');
    el.setAttribute('data-uc-lock-host', '');
    document.body.appendChild(el);
    const uncover = coverAllBut(el);
    setHost(el);
    return () => {
      uncover();
      el.remove();
      setHost(null);
    };
  }, [locked]);
  if (!locked || !host) return null;
  return createPortal(<LockPanel />, host);
}
