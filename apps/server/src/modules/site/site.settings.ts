import type { LoginConfig, SiteConfig } from '@uc/shared/contracts';

/** Site configuration defaults (also what the seed stores). Empty copyright: the client shows its default. */
export const SITE_CONFIG_DEFAULTS: SiteConfig = {
  basicCopyright: '',
  basicIcpCode: '',
  siteName: 'User Centre',
  offline: true,
};

/** What the login screen offers by default. */
export const LOGIN_CONFIG_DEFAULTS: LoginConfig = {
  registerSwitch: true,
  captchaSwitch: false,
  forceInvite: false,
  smsLogin: true,
  demoMode: false,
};
