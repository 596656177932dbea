import { siteSettingsCall, siteSettingsSaveCall } from '@uc/contracts';
import type { Config } from '../../config';
import { enterCrossTenant } from '../../db/tenant-scope';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { readSiteSettings, saveSiteSettings } from './site-settings.service';

/**
 * The platform's site settings (/system/settings). Platform-only calls; they run cross-tenant because
 * the registration fields are the default tenant policy's (platform data under row-level security).
 * The registrar audits the save, listing only the fields that changed.
 */
export function siteSettingsCalls(config: Pick<Config, 'demoMode'>): CallImplementation[] {
  return [
    implement(siteSettingsCall, async ({ db, session }) => {
      await enterCrossTenant(db, session);
      return readSiteSettings(db, config.demoMode);
    }),
    implement(siteSettingsSaveCall, async ({ db, session, body, auditTarget, auditFields }) => {
      await enterCrossTenant(db, session);
      auditFields(await saveSiteSettings(db, body));
      auditTarget('site');
      return readSiteSettings(db, config.demoMode);
    }),
  ];
}
