// `@uc/client/exposed`: the interfaces of the modules remotes expose to each other (not a federation
// singleton: each remote keeps the versions it was built against). The loader is `loadExposedModule`
// of '@uc/client' and `useExposedModule` / `ExposedSlot` of '@uc/ui'.
export * from './exposed-module';
export * from './org-tenant-screens';
export * from './permission-tenant-screens';
