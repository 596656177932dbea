import { siteSettingsCall, siteSettingsSaveCall } from '@uc/contracts';
import type { Config } from '../../config';
import { implement, type CallImplementation } from '../../http/route-registrar';
import { readSiteSettings, saveSiteSettings } from './site-settings.service';

/**
 * The platform's site settings (/system/settings). Platform-only calls, which the pipeline runs
 * cross-tenant (http/pipeline/tenant-scope.ts): the registration fields are the default tenant
 * policy's (platform data under row-level security). The registrar audits the save, listing only the
 * fields that changed.
 */
export function siteSettingsCalls(config: Pick<Config, 'demoMode'>): CallImplementation[] {
  return [
    implement(siteSettingsCall, async ({ db }) => readSiteSettings(db, config.demoMode)),
    implement(siteSettingsSaveCall, async ({ db, body, auditTarget, auditFields }) => {
      auditFields(await saveSiteSettings(db, body));
      auditTarget('site');
      return readSiteSettings(db, config.demoMode);
    }),
  ];
}
