/**
 * Field rules of the login, registration and password-recovery forms (spec section 5), as pure
 * functions returning the message key of the first broken rule; the forms translate it.
 */
export type Rule = (value: string) => string | undefined;

// The same rules as the server's contracts (site.contract.ts and sms.contract.ts), checked against them in
// validation.test.ts; repeated here because zod's messages are English-only and the login page
// shows its own, translated ones.
/** A mainland mobile number (11 digits from 1) or an international one in E.164 form. */
export const MOBILE_PATTERN = /^(1[3-9]\d{9}|\+\d{6,15})$/;
/** The server sends 6-digit SMS codes. */
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]+$/;

export const required =
  (key: string): Rule =>
  (value) =>
    value.trim() ? undefined : key;

export const rules = {
  username: [required('login.username.required')],
  newUsername: [
    required('login.username.required'),
    (v: string) => (v.trim().length < USERNAME_MIN || v.trim().length > USERNAME_MAX ? 'register.username.length' : undefined),
    (v: string) => (USERNAME_PATTERN.test(v.trim()) ? undefined : 'register.username.pattern'),
  ],
  password: [required('login.password.required')],
  newPassword: [
    required('login.password.required'),
    (v: string) => (v.length < PASSWORD_MIN || v.length > PASSWORD_MAX ? 'register.password.length' : undefined),
  ],
  mobile: [required('login.mobile.required'), (v: string) => (MOBILE_PATTERN.test(v.trim()) ? undefined : 'login.mobile.invalid')],
  smsCode: [required('login.smsCode.required'), (v: string) => (SMS_CODE_PATTERN.test(v.trim()) ? undefined : 'login.smsCode.invalid')],
  captcha: [required('login.captcha.required')],
  inviteCode: [required('register.invite.required')],
} satisfies Record<string, Rule[]>;

export function check(value: string, list: readonly Rule[]): string | undefined {
  for (const rule of list) {
    const key = rule(value);
    if (key) return key;
  }
  return undefined;
}

/** The message keys of every invalid field of a form; `schema` maps a field to its rules. */
export function validate<V extends Record<string, string>>(values: V, schema: Partial<Record<keyof V, readonly Rule[]>>): Partial<Record<keyof V, string>> {
  const errors: Partial<Record<keyof V, string>> = {};
  for (const field of Object.keys(schema) as (keyof V)[]) {
    const key = check(values[field] ?? '', schema[field] ?? []);
    if (key) errors[field] = key;
  }
  return errors;
}
