// Every table of the database, one import for the code and drizzle-kit (drizzle.config.ts). Tables
// live by domain in schema-*.ts; schema-core.ts holds tenants, users and the organisation they share,
// which the others refer to (they import it directly, never this file, so no import goes in a circle).
export * from './schema-core';
export * from './schema-security';
export * from './schema-account';
export * from './schema-notice';
export * from './schema-org';
export * from './schema-upload';
export * from './schema-quota';
export * from './schema-platform';
export * from './schema-upgrade-log';
export * from './schema-profile';
export * from './schema-oidc';
export * from './schema-addon';
export * from './schema-menu-seed';
export * from './schema-system';
