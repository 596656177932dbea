// The settings' defaults live with the start-up seed that stores them (src/db/seed-settings.ts says what
// the store holds and why nothing caches it).
export { LOGIN_CONFIG_DEFAULTS, SITE_CONFIG_DEFAULTS, SITE_SETTINGS_DEFAULTS, SMS_SETTINGS_DEFAULTS } from '../../db/seed-settings';
