import { platformBindCall, platformBindCaptchaCall, platformBindCheckCall, platformBindViewCall, platformUnbindCall } from '@uc/contracts';
import type { Config } from '../../config';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { requestLocale } from '../../lib/request-locale';
import type { SecretBox } from '../open-access/secret-box';
import { bind, checkBinding, platformCaptcha, unbind, viewBinding, type BindDeps } from './platform-bind.service';
import { PlatformClient } from './platform-client';

/** /pt/bind: the caller's own binding to an account on another platform instance (platformOnly calls). */
export function platformBindCalls(box: SecretBox, config: Pick<Config, 'platformBindAllowedHosts'>): CallImplementation[] {
  const deps: BindDeps = { box, client: new PlatformClient({ allowedHosts: config.platformBindAllowedHosts }) };
  return [
    implement(platformBindViewCall, async ({ db, session, req }) => viewBinding(db, session, requestLocale(req))),
    implement(platformBindCall, async ({ db, session, body, req }) => bind(db, session, body, deps, requestLocale(req))),
    implement(platformBindCheckCall, async ({ db, session, req }) => checkBinding(db, session, deps, requestLocale(req))),
    implement(platformUnbindCall, async ({ db, session }) => {
      await unbind(db, session, deps);
      return null;
    }),
    // The captcha's answer is single use and only for this sign-in: never cached.
    implement(platformBindCaptchaCall, async ({ query, req, reply }) => {
      void reply.header('Cache-Control', 'no-store');
      return platformCaptcha(query.platformUrl, deps, requestLocale(req));
    }),
  ];
}
