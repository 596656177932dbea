import type { LoginConfig, SiteConfig } from '@uc/contracts';
import type { Db } from './client';
import { siteSettings } from './schema';

/*
 * The settings store (table site_settings, one row per key) holds what the site configuration and the
 * login configuration answer and the SMS cooldown; the seed writes these defaults for keys not stored
 * yet (a key added later gets its default at the next start), and the site settings page
 * (/system/settings, modules/site/site-settings.service.ts) changes them. Nothing keeps them in memory: every call
 * that needs one reads the table (a handful of rows by primary key), so a save applies at the very
 * next call on every server behind the load balancer, with nothing to invalidate. Here, beside the menu
 * seed, because the start-up seed writes them (src/db knows no module); modules/site/site.settings.ts
 * gives them to the module.
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

/** Writes settings that do not exist yet (the seed; an administrator's changes are kept). */
export async function insertMissingSettings(db: Db, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (rows.length > 0) await db.insert(siteSettings).values(rows).onConflictDoNothing({ target: siteSettings.key });
}
