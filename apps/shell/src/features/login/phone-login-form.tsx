import { useT } from '@uc/client';
import { LoginField } from './login-field';
import { MobileIcon } from './login-icons';
import { SmsCodeField } from './sms-code-field';
import { useLightForm } from './use-light-form';
import { check, rules } from './validation';

export interface PhoneLoginValues {
  mobile: string;
  code: string;
}

export interface PhoneLoginFormProps {
  onSendCode: (mobile: string) => Promise<number | void>;
  onSubmit: (values: PhoneLoginValues) => Promise<void>;
}

/** The phone tab: mobile number and SMS code (spec section 2). */
export function PhoneLoginForm({ onSendCode, onSubmit }: PhoneLoginFormProps) {
  const t = useT();
  const form = useLightForm({ mobile: '', code: '' }, { mobile: rules.mobile, code: rules.smsCode });
  const { values, errors, set } = form;
  return (
    <form name="phone-login" noValidate onSubmit={form.handleSubmit((v) => onSubmit({ mobile: v.mobile.trim(), code: v.code.trim() }))}>
      <LoginField
        t={t}
        name="mobile"
        icon={<MobileIcon />}
        value={values.mobile}
        onChange={set('mobile')}
        placeholder={t('login.mobile.placeholder')}
        error={(errors.mobile && t(errors.mobile)) || form.refusals.mobile}
        autoComplete="tel"
      />
      <SmsCodeField
        value={values.code}
        onChange={set('code')}
        error={(errors.code && t(errors.code)) || form.refusals.code}
        canSend={() => {
          const invalid = check(values.mobile, rules.mobile);
          if (invalid) form.touch();
          return !invalid;
        }}
        onSend={() => onSendCode(values.mobile.trim())}
      />
      <button type="submit" className="uc-login-submit" disabled={form.submitting} aria-busy={form.submitting}>
        {t('login.submit')}
      </button>
    </form>
  );
}
