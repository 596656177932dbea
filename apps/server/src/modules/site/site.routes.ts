import { captchaCall, loginConfigCall, siteConfigCall } from '@uc/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { createCaptcha } from './captcha.service';
import { readSettings } from './settings.repository';
import { siteSettingsCalls } from './site-settings.routes';
import { LOGIN_CONFIG_DEFAULTS, SITE_CONFIG_DEFAULTS } from './site.settings';

export function siteCalls(db: Db, config: Pick<Config, 'demoMode'>): CallImplementation[] {
  return [
    implement(siteConfigCall, () => readSettings(db, SITE_CONFIG_DEFAULTS)),
    implement(loginConfigCall, async () => {
      const settings = await readSettings(db, LOGIN_CONFIG_DEFAULTS);
      // DEMO_MODE turns demo mode on whatever the stored setting says.
      return { ...settings, demoMode: settings.demoMode || config.demoMode };
    }),
    implement(captchaCall, async ({ req, reply }) => {
      void reply.header('Cache-Control', 'no-store');
      return createCaptcha(db, req.ip);
    }),
    ...siteSettingsCalls(config),
  ];
}
