// @uc/client: the API client, session, permissions, i18n and federation helpers. No antd here, so the
// login page can use it (the antd-based kit is @uc/ui). The contracts are @uc/contracts: imported from
// there, not re-exported, so each package says which it uses.
export * from './api';
export * from './session';
export * from './permission';
export * from './i18n';
export * from './browser/copy-text';
export * from './federation/remote-modules';
