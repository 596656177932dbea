import {
  accountLoginCall,
  demoLoginCall,
  isCaptchaChallenge,
  mobileLoginCall,
  registerCall,
  resetPasswordSmsCall,
  smsSendCall,
  type AccountLoginBody,
  type LoginResult,
  type PublicSmsEvent,
} from '@uc/contracts';
import { ApiError, call, handleApiError } from '@uc/client';
import type { PhoneLoginValues } from './phone-login-form';
import type { RegisterValues } from './register-form';
import type { ResetPasswordValues } from './reset-password-form';

/** What an SMS code is for: the server binds each code to one event (DESIGN.md section 5). */
export type SmsPurpose = 'login' | 'register' | 'reset';
const SMS_EVENT: Record<SmsPurpose, PublicSmsEvent> = { login: 'login', register: 'register', reset: 'resetPwd' };

/** Result of a registration: a session when the server signs the new user in at once. */
export interface RegisterResult {
  username: string;
  token?: string;
}

/**
 * The calls of the login screen. A call left out hides what needs it on the screen (`loginFeatures`);
 * the demo sign-in shows only when the server's loginConfig says demo mode is on.
 */
export interface LoginApi {
  accountLogin: (body: AccountLoginBody) => Promise<LoginResult>;
  /** Resolves with the seconds to wait before the next code. */
  sendSmsCode?: (mobile: string, purpose: SmsPurpose) => Promise<number>;
  mobileLogin?: (values: PhoneLoginValues) => Promise<LoginResult>;
  register?: (values: RegisterValues) => Promise<RegisterResult>;
  resetPassword?: (values: ResetPasswordValues) => Promise<void>;
  demoLogin?: () => Promise<LoginResult>;
}

export const loginApi: LoginApi = {
  accountLogin: async (body) => {
    try {
      return await call(accountLoginCall, { body, skipErrorHandler: true });
    } catch (error) {
      // A captcha challenge is no failure to toast: the form shows the image and says why beside it.
      if (error instanceof ApiError && !isCaptchaChallenge(error.data)) handleApiError(error);
      throw error;
    }
  },
  // The spec sends event and mobile as query parameters (section 7).
  sendSmsCode: async (mobile, purpose) => (await call(smsSendCall, { query: { mobile, event: SMS_EVENT[purpose] } })).cooldownSeconds,
  mobileLogin: (body) => call(mobileLoginCall, { body }),
  register: async ({ inviteCode, ...rest }) => {
    const data = await call(registerCall, { body: { ...rest, ...(inviteCode ? { inviteCode } : {}) } });
    return { username: data.username };
  },
  resetPassword: async (body) => void (await call(resetPasswordSmsCall, { body })),
  demoLogin: () => call(demoLoginCall),
};
