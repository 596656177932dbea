export * from './access';
export * from './use-permission';
export * from './require-permission';
export * from './filter-by-permission';
