import { REGISTRATION_SETTINGS, STORED_SITE_SETTINGS, tenantSetting, type SiteSettings, type SiteSettingsSaveBody } from '@uc/contracts';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { checkRegistrationDefaults } from '../tenant-policy/tenant-policy.service';
import { defaultPolicy, tenantById, updatePolicy, type PolicyRecord } from '../tenant-policy/tenant-policy.repository';
import { readSettings, writeSetting } from './settings.repository';
import { SITE_SETTINGS_DEFAULTS } from './site.settings';

/*
 * The site settings page (issue 16). Each value is edited where it is read from:
 * - the settings store (site_settings): site name, copyright, ICP filing, the offline-capable app,
 *   the login screen's switches and the SMS cooldown, read on every call that needs them (no cache,
 *   site.settings.ts), so a save applies at the next call on every server;
 * - the default tenant policy: what registration without an invitation does (tenant setting, and the
 *   tenant, department, role and post registrants get), checked by the policy's own rules
 *   (tenant-policy.service.ts). A policy write bumps the platform's auth epoch (drizzle/0020) like any.
 * DEMO_MODE stays what it was, a server-wide switch that turns demo mode on whatever is stored: the
 * page shows it (demoModeForced) rather than pretend the switch can turn it off.
 * Runs in the platform administrator's transaction, cross-tenant (the registrar has refused callers
 * of other tenants; enterCrossTenant, in the routes, refuses them again).
 */

type Registration = Pick<PolicyRecord, (typeof REGISTRATION_SETTINGS)[number]>;

export async function readSiteSettings(db: Db, demoModeForced: boolean): Promise<SiteSettings> {
  const stored = await readSettings(db, SITE_SETTINGS_DEFAULTS);
  const policy = await defaultPolicy(db, false);
  const tenant = policy?.defaultTenantId ? await tenantById(db, policy.defaultTenantId) : undefined;
  return {
    ...stored,
    demoModeForced,
    registrationPolicy: policy ? { id: policy.id, title: policy.title } : null,
    tenantSetting: policy?.tenantSetting ?? tenantSetting.newTenant,
    defaultTenantId: policy?.defaultTenantId ?? null,
    defaultTenantName: tenant?.name ?? '',
    defaultDeptId: policy?.defaultDeptId ?? null,
    defaultRoleId: policy?.defaultRoleId ?? null,
    defaultPostId: policy?.defaultPostId ?? null,
  };
}

/** Writes what the body changes; returns the names of the changed fields (for the audit log). */
export async function saveSiteSettings(db: Db, body: SiteSettingsSaveBody): Promise<string[]> {
  const changed: string[] = [];
  const registration = await registrationChanges(db, body);
  const stored = await readSettings(db, SITE_SETTINGS_DEFAULTS);
  for (const key of STORED_SITE_SETTINGS) {
    const value = body[key];
    if (value === undefined || value === stored[key]) continue;
    await writeSetting(db, key, value);
    changed.push(key);
  }
  if (registration) {
    await updatePolicy(db, registration.policyId, registration.values);
    changed.push(...registration.changed);
  }
  return changed;
}

/**
 * The default policy's registration fields after the body, checked, when they differ from what it
 * holds (undefined: nothing to change). Defaults that did not change are not checked again: a save of
 * the copyright is not refused because a default department was deleted meanwhile (registration says
 * so itself, and this page shows the gap).
 */
async function registrationChanges(db: Db, body: SiteSettingsSaveBody): Promise<{ policyId: number; values: Registration; changed: string[] } | undefined> {
  if (REGISTRATION_SETTINGS.every((key) => body[key] === undefined)) return undefined;
  const policy = await defaultPolicy(db, true);
  if (!policy) {
    throw conflict(
      'tenantSetting: there is no default tenant policy, which holds what registration does: mark a policy as the default under Tenant policies first',
    );
  }
  const merged = Object.fromEntries(REGISTRATION_SETTINGS.map((key) => [key, body[key] === undefined ? policy[key] : body[key]])) as Registration;
  // Only registrants who join an existing tenant have defaults; none linger otherwise (as savePolicy).
  const joins = merged.tenantSetting === tenantSetting.joinDefault;
  const values: Registration = joins
    ? merged
    : { tenantSetting: tenantSetting.newTenant, defaultTenantId: null, defaultDeptId: null, defaultRoleId: null, defaultPostId: null };
  const changed = REGISTRATION_SETTINGS.filter((key) => values[key] !== policy[key]);
  if (changed.length === 0) return undefined;
  await checkRegistrationDefaults(db, { ...values, tenantSetting: values.tenantSetting as 1 | 2 });
  return { policyId: policy.id, values, changed };
}
