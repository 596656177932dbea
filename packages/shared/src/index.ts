// The light part of @uc/shared: no antd here, so the login page can use it. The antd-based kit is
// the separate entry `@uc/shared/ui`.
export * from './contracts';
export * from './api';
export * from './session';
export * from './permission';
export * from './i18n';
export * from './browser/copy-text';
export * from './federation/remote-modules';
