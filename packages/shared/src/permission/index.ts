export * from './access';
export * from './use-permission';
export * from './require-permission';
