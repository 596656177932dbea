import { useT } from '@uc/client';
import { LoginField } from './login-field';
import { LockIcon, MobileIcon } from './login-icons';
import { SmsCodeField } from './sms-code-field';
import { useLightForm } from './use-light-form';
import { check, rules } from './validation';

export interface ResetPasswordValues {
  mobile: string;
  code: string;
  password: string;
}

export interface ResetPasswordFormProps {
  onSendCode: (mobile: string) => Promise<number | void>;
  onSubmit: (values: ResetPasswordValues) => Promise<void>;
}

/** Forgot password: the mobile of the account, its SMS code and the new password. */
export function ResetPasswordForm({ onSendCode, onSubmit }: ResetPasswordFormProps) {
  const t = useT();
  const form = useLightForm({ mobile: '', code: '', password: '' }, { mobile: rules.mobile, code: rules.smsCode, password: rules.newPassword });
  const { values, errors, set } = form;
  const msg = (key?: string) => (key ? t(key) : undefined);
  return (
    <form
      name="reset-password"
      noValidate
      onSubmit={form.handleSubmit((v) => onSubmit({ mobile: v.mobile.trim(), code: v.code.trim(), password: v.password }))}
    >
      <LoginField
        t={t}
        name="reset-mobile"
        icon={<MobileIcon />}
        value={values.mobile}
        onChange={set('mobile')}
        placeholder={t('login.mobile.placeholder')}
        error={msg(errors.mobile) ?? form.refusals.mobile}
        autoComplete="tel"
      />
      <SmsCodeField
        value={values.code}
        onChange={set('code')}
        error={msg(errors.code) ?? form.refusals.code}
        canSend={() => {
          const invalid = check(values.mobile, rules.mobile);
          if (invalid) form.touch();
          return !invalid;
        }}
        onSend={() => onSendCode(values.mobile.trim())}
      />
      <LoginField
        t={t}
        name="reset-password"
        type="password"
        icon={<LockIcon />}
        value={values.password}
        onChange={set('password')}
        placeholder={t('reset.password.placeholder')}
        error={msg(errors.password) ?? form.refusals.password}
        autoComplete="new-password"
      />
      <button type="submit" className="uc-login-submit" disabled={form.submitting} aria-busy={form.submitting}>
        {t('reset.submit')}
      </button>
    </form>
  );
}
