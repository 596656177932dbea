import { z } from 'zod';
import { defineCall, type CallContract } from './define-call';
import { TENANT_SETTING_RULE } from './tenant-policy.contract';

/*
 * The platform's site settings (/admin/admin/site/settings*, issue 16): what the site configuration
 * (siteConfigCall: name, footer copyright, ICP filing, the offline-capable app) and the login
 * configuration (loginConfigCall: registration, invitation, captcha, SMS sign-in, demo) answer, the
 * SMS resend cooldown, and what registration without an invitation does. That last part is not kept
 * here twice: it is the default tenant policy's tenant setting and its default tenant, department,
 * role and post (tenant-policy.contract.ts), which is what registration reads; this page edits that
 * policy. Platform data: both calls are platform-only.
 */

export const SITE_NAME_MAX = 64;
export const COPYRIGHT_MAX = 200;
export const SMS_COOLDOWN_MIN_SECONDS = 30;
export const SMS_COOLDOWN_MAX_SECONDS = 600;

/**
 * An ICP filing number as the national filing site (https://beian.miit.gov.cn/) gives it: the
 * province, ICP备 (filing) or ICP证 (licence), the digits, 号, and for a site of the filing -n:
 * 京ICP备12345678号, 沪ICP备13002172号-3, 京ICP证030173号.
 */
export const ICP_CODE_PATTERN = /^\p{Script=Han}ICP[备证]\d{4,12}号(-\d{1,4})?$/u;

/** The site name's rule for a missing value (an empty one is allowed: the console's own name shows). */
export const SITE_NAME_REQUIRED = 'Site name cannot be empty';
export const ICP_CODE_RULE = 'The ICP filing number must look like 京ICP备12345678号 or 京ICP备12345678号-1, or be empty to hide the footer link';
export const SMS_COOLDOWN_RULE = `The SMS interval must be a whole number of seconds from ${SMS_COOLDOWN_MIN_SECONDS} to ${SMS_COOLDOWN_MAX_SECONDS}`;

/** `setting`: what the switch is called in words (the settings screen's label), the subject of its message. */
const flag = (setting: string) => z.boolean({ error: `The ${setting} setting must be true or false` });
/** `record`: which default record it is, in words (`default tenant`). */
const defaultRecord = (record: string) => {
  const rule = `The ${record} must be a positive whole-number ID`;
  return z.number({ error: rule }).int(rule).positive(rule).nullable();
};

/** One rule per field, shared by the save body (each optional there) and the form's checks. */
export const siteSettingsFields = {
  /**
   * The console's name (header, browser title, login screen) as an administrator typed it; empty: the
   * console's own name in each reader's language (用户中心, User Centre), which is also the default.
   */
  siteName: z.string({ error: SITE_NAME_REQUIRED }).trim().max(SITE_NAME_MAX, `Site name must be at most ${SITE_NAME_MAX} characters`),
  /** Footer copyright; empty: the console's default "<year> ... All Rights Reserved". */
  basicCopyright: z.string({ error: 'The copyright must be text' }).trim().max(COPYRIGHT_MAX, `Copyright text must be at most ${COPYRIGHT_MAX} characters`),
  /** ICP filing number shown in the footer, linking to the national filing site; empty hides it. */
  basicIcpCode: z
    .string({ error: ICP_CODE_RULE })
    .trim()
    .refine((v) => v === '' || ICP_CODE_PATTERN.test(v), ICP_CODE_RULE),
  /** The offline-capable app (service worker); off unregisters the workers and clears their caches. */
  offline: flag('offline-capable app'),
  /** The login screen offers registration. */
  registerSwitch: flag('registration'),
  /** Registration needs an invitation code. */
  forceInvite: flag('invitation code'),
  /** Every sign-in with a password needs a captcha (otherwise only after repeated failures). */
  captchaSwitch: flag('sign-in captcha'),
  /** The login screen offers the read-only demo account. */
  demoMode: flag('demo mode'),
  /** The login screen offers sign-in with an SMS code. */
  smsLogin: flag('SMS sign-in'),
  /** Seconds before another SMS code can be sent to the same number for the same purpose. */
  smsCooldownSeconds: z
    .number({ error: SMS_COOLDOWN_RULE })
    .int(SMS_COOLDOWN_RULE)
    .min(SMS_COOLDOWN_MIN_SECONDS, SMS_COOLDOWN_RULE)
    .max(SMS_COOLDOWN_MAX_SECONDS, SMS_COOLDOWN_RULE),
  /** Registration without an invitation: 1 creates a new tenant, 2 joins the default tenant (the default policy's). */
  tenantSetting: z.union([z.literal(1), z.literal(2)], { error: TENANT_SETTING_RULE }),
  /** Tenant setting 2: the tenant registrants join, and its department, role and post they get. */
  defaultTenantId: defaultRecord('default tenant'),
  defaultDeptId: defaultRecord('default department'),
  defaultRoleId: defaultRecord('default role'),
  defaultPostId: defaultRecord('default post'),
};

/** The fields kept in the settings store (site_settings), as against the default tenant policy's. */
export const STORED_SITE_SETTINGS = [
  'siteName',
  'basicCopyright',
  'basicIcpCode',
  'offline',
  'registerSwitch',
  'forceInvite',
  'captchaSwitch',
  'demoMode',
  'smsLogin',
  'smsCooldownSeconds',
] as const;
/** The fields kept in the default tenant policy (what registration without an invitation does). */
export const REGISTRATION_SETTINGS = ['tenantSetting', 'defaultTenantId', 'defaultDeptId', 'defaultRoleId', 'defaultPostId'] as const;

export const siteSettingsSchema = z.object({
  siteName: z.string(),
  basicCopyright: z.string(),
  basicIcpCode: z.string(),
  offline: z.boolean(),
  registerSwitch: z.boolean(),
  forceInvite: z.boolean(),
  captchaSwitch: z.boolean(),
  demoMode: z.boolean(),
  smsLogin: z.boolean(),
  smsCooldownSeconds: z.number().int(),
  /** DEMO_MODE is set on the server: demo mode is on whatever demoMode says. */
  demoModeForced: z.boolean(),
  /** The default tenant policy, which holds what registration does (null: there is none). */
  registrationPolicy: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  tenantSetting: z.number().int(),
  defaultTenantId: z.number().int().nullable(),
  /** The default tenant's name ('' when none, or when it is gone). */
  defaultTenantName: z.string(),
  defaultDeptId: z.number().int().nullable(),
  defaultRoleId: z.number().int().nullable(),
  defaultPostId: z.number().int().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Every field optional: what is left out keeps its value. Only the changed fields are audited. */
export const siteSettingsSaveBody = z.object({
  siteName: siteSettingsFields.siteName.optional(),
  basicCopyright: siteSettingsFields.basicCopyright.optional(),
  basicIcpCode: siteSettingsFields.basicIcpCode.optional(),
  offline: siteSettingsFields.offline.optional(),
  registerSwitch: siteSettingsFields.registerSwitch.optional(),
  forceInvite: siteSettingsFields.forceInvite.optional(),
  captchaSwitch: siteSettingsFields.captchaSwitch.optional(),
  demoMode: siteSettingsFields.demoMode.optional(),
  smsLogin: siteSettingsFields.smsLogin.optional(),
  smsCooldownSeconds: siteSettingsFields.smsCooldownSeconds.optional(),
  tenantSetting: siteSettingsFields.tenantSetting.optional(),
  defaultTenantId: siteSettingsFields.defaultTenantId.optional(),
  defaultDeptId: siteSettingsFields.defaultDeptId.optional(),
  defaultRoleId: siteSettingsFields.defaultRoleId.optional(),
  defaultPostId: siteSettingsFields.defaultPostId.optional(),
});
export type SiteSettingsSaveBody = z.output<typeof siteSettingsSaveBody>;
export type SiteSettingsInput = z.input<typeof siteSettingsSaveBody>;

export const siteSettingsCall = defineCall({
  method: 'GET',
  path: '/admin/admin/site/settings',
  access: 'permission',
  platformOnly: true,
  tag: 'site',
  summary: 'The site settings: site and login configuration, the SMS cooldown, and what registration does (the default tenant policy).',
  data: siteSettingsSchema,
});

export const siteSettingsSaveCall = defineCall({
  method: 'POST',
  path: '/admin/admin/site/settings/save',
  access: 'permission',
  platformOnly: true,
  tag: 'site',
  summary:
    'Saves the fields sent (the others keep their value); they apply at once, on every server, and the changed ones are audited. Registration fields change the default tenant policy.',
  body: siteSettingsSaveBody,
  data: siteSettingsSchema,
});

export const SITE_SETTINGS_CALLS: readonly CallContract[] = [siteSettingsCall, siteSettingsSaveCall];
