import { useT } from '@uc/client';
import { LoginField } from './login-field';
import { GiftIcon, LockIcon, MobileIcon, UserIcon } from './login-icons';
import { SmsCodeField } from './sms-code-field';
import { useLightForm } from './use-light-form';
import { check, rules } from './validation';

export interface RegisterValues {
  username: string;
  password: string;
  mobile: string;
  code: string;
  inviteCode: string;
}

export interface RegisterFormProps {
  /** loginConfig.forceInvite: the invitation code is required instead of optional. */
  forceInvite: boolean;
  /** A code from an invitation link (?inviteCode=...), filled in and still editable. */
  inviteCode?: string;
  onSendCode: (mobile: string) => Promise<number | void>;
  onSubmit: (values: RegisterValues) => Promise<void>;
}

/** Registration: username, password, mobile with SMS code, and an optional invitation code. */
export function RegisterForm({ forceInvite, inviteCode = '', onSendCode, onSubmit }: RegisterFormProps) {
  const t = useT();
  const form = useLightForm(
    { username: '', password: '', mobile: '', code: '', inviteCode },
    {
      username: rules.newUsername,
      password: rules.newPassword,
      mobile: rules.mobile,
      code: rules.smsCode,
      ...(forceInvite ? { inviteCode: rules.inviteCode } : {}),
    },
  );
  const { values, errors, set } = form;
  const msg = (key?: string) => (key ? t(key) : undefined);
  return (
    <form
      name="register"
      noValidate
      onSubmit={form.handleSubmit((v) =>
        onSubmit({ username: v.username.trim(), password: v.password, mobile: v.mobile.trim(), code: v.code.trim(), inviteCode: v.inviteCode.trim() }),
      )}
    >
      <LoginField
        t={t}
        name="reg-username"
        icon={<UserIcon />}
        value={values.username}
        onChange={set('username')}
        placeholder={t('login.username.placeholder')}
        error={msg(errors.username) ?? form.refusals.username}
        autoComplete="username"
      />
      <LoginField
        t={t}
        name="reg-password"
        type="password"
        icon={<LockIcon />}
        value={values.password}
        onChange={set('password')}
        placeholder={t('register.password.placeholder')}
        error={msg(errors.password) ?? form.refusals.password}
        autoComplete="new-password"
      />
      <LoginField
        t={t}
        name="reg-mobile"
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
        name="inviteCode"
        icon={<GiftIcon />}
        value={values.inviteCode}
        onChange={set('inviteCode')}
        placeholder={t(forceInvite ? 'register.invite.placeholder.required' : 'register.invite.placeholder')}
        error={msg(errors.inviteCode) ?? form.refusals.inviteCode}
        autoComplete="off"
      />
      <button type="submit" className="uc-login-submit" disabled={form.submitting} aria-busy={form.submitting}>
        {t('register.submit')}
      </button>
    </form>
  );
}
