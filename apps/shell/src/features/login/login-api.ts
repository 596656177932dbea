import { accountLoginCall, call, type AccountLoginBody, type LoginResult } from '@uc/shared';
import type { PhoneLoginValues } from './phone-login-form';
import type { RegisterValues } from './register-form';
import type { ResetPasswordValues } from './reset-password-form';

/** What an SMS code is for: the server binds each code to one purpose (DESIGN.md section 5). */
export type SmsPurpose = 'login' | 'register' | 'reset';

/** Result of a registration: a session when the server signs the new user in at once. */
export interface RegisterResult {
  username: string;
  token?: string;
}

/**
 * The calls of the login screen. A call whose server contract does not exist yet is left out, and
 * the screen hides what needs it (see `available`).
 */
export interface LoginApi {
  accountLogin: (body: AccountLoginBody) => Promise<LoginResult>;
  sendSmsCode?: (mobile: string, purpose: SmsPurpose) => Promise<void>;
  mobileLogin?: (values: PhoneLoginValues) => Promise<LoginResult>;
  register?: (values: RegisterValues) => Promise<RegisterResult>;
  resetPassword?: (values: ResetPasswordValues) => Promise<void>;
  demoLogin?: () => Promise<LoginResult>;
}

export const loginApi: LoginApi = {
  accountLogin: (body) => call(accountLoginCall, { body }),
};
