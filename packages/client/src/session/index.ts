export * from './storage-keys';
export * from './login-paths';
export * from './navigator';
export * from './session-store';
export * from './tenant-scope';
