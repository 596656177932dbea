// The antd-based part of @uc/shared, a separate entry so the light entry stays free of antd.
export * from './use-call';
export * from './use-list-query';
export * from './list-table';
export * from './list-toolbar';
export * from './tree-table';
export * from './antd-api-ui';
export * from './console-config-provider';
export * from './theme';
export * from './standalone/run-standalone';
export * from './antd-locale';
export * from './icon-font';
export * from './auth-image';
export * from './form';
export * from './tree-rows';
export * from './status-controls';
export * from './date-field';
export * from './image-field';
