import { STORED_SITE_SETTINGS, tenantSetting, type SiteConfig, type SiteSettings, type SiteSettingsInput } from '@uc/contracts';

/** What the form holds: the settings a person edits (selects show their placeholder for undefined, not null). */
export interface SiteSettingsValues {
  siteName: string;
  basicCopyright: string;
  basicIcpCode: string;
  offline: boolean;
  registerSwitch: boolean;
  forceInvite: boolean;
  captchaSwitch: boolean;
  demoMode: boolean;
  smsLogin: boolean;
  smsCooldownSeconds: number;
  tenantSetting: 1 | 2;
  defaultTenantId?: number;
  defaultDeptId?: number;
  defaultRoleId?: number;
  defaultPostId?: number;
}

export function valuesOf(s: SiteSettings): SiteSettingsValues {
  return {
    siteName: s.siteName,
    basicCopyright: s.basicCopyright,
    basicIcpCode: s.basicIcpCode,
    offline: s.offline,
    registerSwitch: s.registerSwitch,
    forceInvite: s.forceInvite,
    captchaSwitch: s.captchaSwitch,
    demoMode: s.demoMode,
    smsLogin: s.smsLogin,
    smsCooldownSeconds: s.smsCooldownSeconds,
    tenantSetting: s.tenantSetting === tenantSetting.joinDefault ? tenantSetting.joinDefault : tenantSetting.newTenant,
    defaultTenantId: s.defaultTenantId ?? undefined,
    defaultDeptId: s.defaultDeptId ?? undefined,
    defaultRoleId: s.defaultRoleId ?? undefined,
    defaultPostId: s.defaultPostId ?? undefined,
  };
}

/**
 * The save call's body: every stored setting, and what registration does when there is a default
 * policy to keep it in (the defaults only for registrants who join a tenant; the server clears them
 * otherwise). The server works out which fields changed, for the audit log.
 */
export function bodyOf(v: SiteSettingsValues, hasPolicy: boolean): SiteSettingsInput {
  const stored = Object.fromEntries(STORED_SITE_SETTINGS.map((key) => [key, v[key]])) as SiteSettingsInput;
  if (!hasPolicy) return stored;
  if (v.tenantSetting !== tenantSetting.joinDefault) return { ...stored, tenantSetting: tenantSetting.newTenant };
  return {
    ...stored,
    tenantSetting: tenantSetting.joinDefault,
    defaultTenantId: v.defaultTenantId ?? null,
    defaultDeptId: v.defaultDeptId ?? null,
    defaultRoleId: v.defaultRoleId ?? null,
    defaultPostId: v.defaultPostId ?? null,
  };
}

/** The site configuration the console reads at start (siteConfigCall), as the saved settings give it. */
export const siteConfigOf = (s: SiteSettings): SiteConfig => ({
  siteName: s.siteName,
  basicCopyright: s.basicCopyright,
  basicIcpCode: s.basicIcpCode,
  offline: s.offline,
});
