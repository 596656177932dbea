import type { LoginConfig, SiteConfig } from '@uc/contracts';

/*
 * The settings store (table site_settings, one row per key) holds what the site configuration and the
 * login configuration answer and the SMS cooldown; the seed writes these defaults for keys not stored
 * yet (a key added later gets its default at the next start), and the site settings page
 * (/system/settings, site-settings.service.ts) changes them. Nothing keeps them in memory: every call
 * that needs one reads the table (a handful of rows by primary key), so a save applies at the very
 * next call on every server behind the load balancer, with nothing to invalidate.
 */

/**
 * Site configuration defaults (also what the seed stores). Empty copyright and site name: the client
 * shows its own, in the reader's language (用户中心 to a Chinese reader, User Centre to an English one);
 * what an administrator types shows as typed.
 */
export const SITE_CONFIG_DEFAULTS: SiteConfig = {
  basicCopyright: '',
  basicIcpCode: '',
  siteName: '',
  offline: true,
};

/** What the login screen offers by default. DEMO_MODE (config/sign-in.ts) turns demo mode on whatever is stored. */
export const LOGIN_CONFIG_DEFAULTS: LoginConfig = {
  registerSwitch: true,
  captchaSwitch: false,
  forceInvite: false,
  smsLogin: true,
  demoMode: false,
};

/**
 * SMS: seconds before another code can be sent to the same number for the same purpose (a constant of
 * sms.service.ts until the site settings page made it a setting; 60 stays the default).
 */
export const SMS_SETTINGS_DEFAULTS = {
  smsCooldownSeconds: 60,
};

/** Every setting the site settings page edits in the store, with its default. */
export const SITE_SETTINGS_DEFAULTS = { ...SITE_CONFIG_DEFAULTS, ...LOGIN_CONFIG_DEFAULTS, ...SMS_SETTINGS_DEFAULTS };
