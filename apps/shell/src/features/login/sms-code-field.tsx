import { useState } from 'react';
import { useT } from '@uc/client';
import { LoginField } from './login-field';
import { MailIcon } from './login-icons';
import { useCountdown } from './use-countdown';

interface SmsCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /**
   * Sends a code; resolves when the server accepted (the countdown starts, from the server's
   * cooldown when it says one), rejects otherwise.
   */
  onSend: () => Promise<number | void>;
  /** False while the mobile number is invalid: the button then only shows the mobile's message. */
  canSend: () => boolean;
}

/** The SMS code input with its send button and the 60 s resend countdown. */
export function SmsCodeField({ value, onChange, error, onSend, canSend }: SmsCodeFieldProps) {
  const t = useT();
  const { remaining, start, running } = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (running || sending || !canSend()) return;
    setSending(true);
    try {
      const cooldown = await onSend();
      start(typeof cooldown === 'number' && cooldown > 0 ? cooldown : undefined);
    } catch {
      /* shown by the API client; the user may try again at once */
    } finally {
      setSending(false);
    }
  };
  return (
    <LoginField
      t={t}
      name="smsCode"
      icon={<MailIcon />}
      value={value}
      onChange={onChange}
      placeholder={t('login.smsCode.placeholder')}
      error={error}
      autoComplete="one-time-code"
      addon={
        <button type="button" className="uc-login-sms" onClick={() => void send()} disabled={running || sending} data-testid="sms-send">
          {running ? t('login.smsCode.resend', { seconds: remaining }) : t('login.smsCode.send')}
        </button>
      }
    />
  );
}
