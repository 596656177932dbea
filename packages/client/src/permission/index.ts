export * from './access';
export * from './use-permission';
