import { accountLoginCall, logoutCall } from '@uc/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { readSettings } from '../site/settings.repository';
import { LOGIN_CONFIG_DEFAULTS } from '../site/site.settings';
import { login } from './auth.service';
import { revokeSession } from './session.repository';
import { hashToken } from './token';

export function authCalls(db: Db, config: Config): CallImplementation[] {
  return [
    implement(accountLoginCall, async ({ body, req }) => {
      const { captchaSwitch } = await readSettings(db, LOGIN_CONFIG_DEFAULTS);
      // System connection: user names are global and the tenant is not known yet (reviewed bypass).
      return login(db, {
        ...body,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
        captchaSwitch,
        ttlHours: config.sessionTtlHours,
        throttle: config.loginThrottle,
      });
    }),
    // Public on purpose: signing out must work with an expired token too, and without one.
    implement(logoutCall, async ({ token }) => {
      if (token) await revokeSession(db, hashToken(token));
      return null;
    }),
  ];
}
