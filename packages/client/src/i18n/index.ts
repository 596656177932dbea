export * from './i18n-store';
export * from './locales';
export * from './use-t';
export * from './format-date';
export * from './menu-name';
