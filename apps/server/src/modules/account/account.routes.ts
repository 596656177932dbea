import { mobileLoginCall, registerCall, resetPasswordSmsCall, smsSendCall, smsSendInput } from '@uc/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, InvalidInput } from '../../lib/errors';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { PARSE_OPTIONS } from '../../lib/zod-message';
import { readSettings } from '../site/settings.repository';
import { LOGIN_CONFIG_DEFAULTS } from '../site/site.settings';
import type { SmsDriver } from '../sms/sms.driver';
import { sendSmsCode } from '../sms/sms.service';
import { mobileLogin, resetPasswordBySms, userByMobile } from './account.service';
import { register } from './register.service';

/** The public account calls. `db` is the system connection (reviewed bypass: no tenant is known yet). */
export function accountCalls(db: Db, config: Config, sms: SmsDriver): CallImplementation[] {
  const client = (req: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
  });
  return [
    implement(smsSendCall, async ({ query, body, req }) => {
      // The spec sends event and mobile as query parameters; a JSON body works too (query wins).
      const parsed = smsSendInput.safeParse({ event: query.event ?? body.event, mobile: query.mobile ?? body.mobile }, PARSE_OPTIONS);
      if (!parsed.success) throw new InvalidInput(parsed.error);
      const { event, mobile } = parsed.data;
      const deliver = event === 'register' || event === 'bind' || (await userByMobile(db, mobile)) !== undefined;
      return sendSmsCode(db, sms, { event, mobile, ip: req.ip, deliver });
    }),
    implement(mobileLoginCall, async ({ body, req }) => {
      const { smsLogin } = await readSettings(db, LOGIN_CONFIG_DEFAULTS);
      if (!smsLogin) throw badRequest('Sign-in by SMS is turned off: sign in with your user name and password');
      return mobileLogin(db, { ...body, ...client(req), ttlHours: config.sessionTtlHours });
    }),
    implement(resetPasswordSmsCall, async ({ body }) => {
      await resetPasswordBySms(db, body);
      return null;
    }),
    implement(registerCall, async ({ body, req }) => {
      const { registerSwitch, forceInvite } = await readSettings(db, LOGIN_CONFIG_DEFAULTS);
      return register(db, { ...body, registerSwitch, forceInvite, ip: req.ip });
    }),
  ];
}
