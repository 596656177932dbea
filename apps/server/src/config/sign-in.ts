import { z } from 'zod';
import { ConfigError, intVar, optional, type ConfigVars, type ParsedVars } from './config-var';

/** Signing in: the first administrator, sessions, SMS codes, the limits on failed attempts and the demo account. */
export const signInVars = {
  ADMIN_PASSWORD: {
    default: '(generated)',
    description: 'Password of the `admin` user created on first start (at least 8 characters); unset generates one and prints it once to the log.',
    schema: optional(z.string().min(8, 'ADMIN_PASSWORD is shorter than 8 characters: set a longer password or unset it to have one generated on first start')),
  },
  SESSION_TTL_HOURS: {
    default: '12',
    description: 'Hours a sign-in stays valid.',
    schema: optional(
      z.coerce
        .number({ error: 'SESSION_TTL_HOURS is not a number: set it to a number of hours such as 12 or unset it to use 12' })
        .positive('SESSION_TTL_HOURS must be more than 0: set it to a number of hours such as 12 or unset it to use 12')
        .max(24 * 366, 'SESSION_TTL_HOURS must be at most 8784 (a year): set a shorter lifetime or unset it to use 12'),
    ),
  },
  SESSION_SLIDING: {
    default: 'true',
    description:
      'Sliding renewal: each use of a session (checked at most once a minute) moves its expiry to SESSION_TTL_HOURS from now; false keeps the expiry fixed at sign-in.',
    schema: optional(
      z
        .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'SESSION_SLIDING is not a switch: set it to true or false or unset it to use true' })
        .transform((v) => ['true', '1', 'on'].includes(v)),
    ),
  },
  SESSION_MAX_HOURS: {
    default: '168',
    description: 'Longest a session can be renewed to, counted from sign-in (hours); at least SESSION_TTL_HOURS.',
    schema: optional(intVar('SESSION_MAX_HOURS', 168, 1, 24 * 366)),
  },
  SMS_DRIVER: {
    default: 'log',
    description: 'How SMS codes are sent: log (server log and the sms_outbox table; for development) or webhook (POST to SMS_WEBHOOK_URL).',
    schema: optional(z.enum(['log', 'webhook'], { error: 'SMS_DRIVER is not a driver: set it to log or webhook or unset it to use log' })),
  },
  SMS_WEBHOOK_URL: {
    default: '(unset)',
    description: 'With SMS_DRIVER=webhook: http(s) URL that receives POST {mobile, event, code, text} as JSON and answers 2xx.',
    schema: optional(
      z.url({
        protocol: /^https?$/,
        error: 'SMS_WEBHOOK_URL is not an http(s) URL: set it to the URL of your SMS gateway, such as https://sms.example.com/send',
      }),
    ),
  },
  LOGIN_CAPTCHA_AFTER: {
    default: '3',
    description: 'Failed sign-ins of one account (within LOGIN_FAILURE_WINDOW_MINUTES) after which it needs a captcha; 0 turns this off.',
    schema: optional(intVar('LOGIN_CAPTCHA_AFTER', 3, 0, 1000)),
  },
  LOGIN_DELAY_AFTER: {
    default: '5',
    description: 'Failed sign-ins of one account after which each further failure locks it for a growing delay (1 s, 2 s, 4 s ...).',
    schema: optional(intVar('LOGIN_DELAY_AFTER', 5, 1, 1000)),
  },
  LOGIN_IP_DELAY_AFTER: {
    default: '20',
    description: 'Failed sign-ins from one IP address after which each further failure locks that address for a growing delay.',
    schema: optional(intVar('LOGIN_IP_DELAY_AFTER', 20, 1, 100000)),
  },
  LOGIN_MAX_DELAY_SECONDS: {
    default: '900',
    description: 'Longest lock after failed sign-ins, in seconds.',
    schema: optional(intVar('LOGIN_MAX_DELAY_SECONDS', 900, 1, 86400)),
  },
  LOGIN_FAILURE_WINDOW_MINUTES: {
    default: '15',
    description: 'Failed sign-ins older than this many minutes no longer count.',
    schema: optional(intVar('LOGIN_FAILURE_WINDOW_MINUTES', 15, 1, 1440)),
  },
  DEMO_MODE: {
    default: 'false',
    description:
      'Demo mode: the login screen offers a read-only demo account (POST /user/admin/site/demo/login); also switchable in the site settings (loginConfig.demoMode).',
    schema: optional(
      z
        .enum(['true', 'false', '1', '0', 'on', 'off'], { error: 'DEMO_MODE is not a switch: set it to true or false or unset it to use false' })
        .transform((v) => ['true', '1', 'on'].includes(v)),
    ),
  },
} satisfies ConfigVars;

/** Sign-in throttling (modules/auth/login-throttle.ts). */
export interface LoginThrottleConfig {
  captchaAfter: number;
  delayAfter: number;
  ipDelayAfter: number;
  maxDelaySeconds: number;
  windowMinutes: number;
}

export interface SignInConfig {
  adminPassword: string | undefined;
  sessionTtlHours: number;
  sessionSliding: boolean;
  sessionMaxHours: number;
  loginThrottle: LoginThrottleConfig;
  sms: { driver: 'log' | 'webhook'; webhookUrl: string | undefined };
  /** DEMO_MODE (the site setting loginConfig.demoMode turns demo mode on too). */
  demoMode: boolean;
}

/** Throws ConfigError for a combination no single schema can see (a webhook driver without its URL). */
export function readSignInConfig(e: ParsedVars<typeof signInVars>): SignInConfig {
  if (e.SMS_DRIVER === 'webhook' && !e.SMS_WEBHOOK_URL) {
    throw new ConfigError('SMS_DRIVER=webhook needs SMS_WEBHOOK_URL: set it to the URL of your SMS gateway, or set SMS_DRIVER=log');
  }
  return {
    adminPassword: e.ADMIN_PASSWORD,
    sessionTtlHours: e.SESSION_TTL_HOURS ?? 12,
    sessionSliding: e.SESSION_SLIDING ?? true,
    sessionMaxHours: Math.max(e.SESSION_MAX_HOURS ?? 168, e.SESSION_TTL_HOURS ?? 12),
    sms: { driver: e.SMS_DRIVER ?? 'log', webhookUrl: e.SMS_WEBHOOK_URL },
    demoMode: e.DEMO_MODE ?? false,
    loginThrottle: {
      captchaAfter: e.LOGIN_CAPTCHA_AFTER ?? 3,
      delayAfter: e.LOGIN_DELAY_AFTER ?? 5,
      ipDelayAfter: e.LOGIN_IP_DELAY_AFTER ?? 20,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS ?? 900,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES ?? 15,
    },
  };
}
