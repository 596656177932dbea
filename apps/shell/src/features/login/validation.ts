/**
 * Field rules of the login, registration and password-recovery forms (spec section 5), as pure
 * functions returning the message key of the first broken rule; the forms translate it.
 */
export type Rule = (value: string) => string | undefined;

/** Mainland China mobile numbers: 11 digits starting 13-19 (what the SMS gateway accepts). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** SMS codes are digits; the server sends 4 to 8 of them. */
export const SMS_CODE_PATTERN = /^\d{4,8}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 64;

export const required = (key: string): Rule => (value) => (value.trim() ? undefined : key);

export const rules = {
  username: [required('login.username.required'), (v: string) => (v.trim().length > USERNAME_MAX ? 'register.username.length' : undefined)],
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
