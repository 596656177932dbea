/*
 * Row-level security, every table's and every policy, in one place (issue 29, point 3): applied after
 * the migrations at every start (apply.ts), so this list is what a database has, whatever migrations
 * wrote before (0002, 0004, 0008, 0010, 0012, 0015, 0020, 0030, 0033, 0047 did).
 *
 * Why: a request's queries run inside withTenant (src/db/tenant-scope.ts), which switches to the
 * non-superuser role uc_app and sets app.tenant_id; for uc_app these policies hide (and refuse to write)
 * every other tenant's rows, so a query that forgot its tenant filter still cannot cross tenants. The
 * connecting user owns the tables and is not subject to them (no FORCE): the reviewed bypass for
 * migrations, seed, sign-in and the token lookup, which run before a tenant is known. The platform's
 * cross-tenant screens pass uc_cross_tenant() (the platform's secret in app.cross_tenant, triggers.ts).
 * Policies are for PUBLIC, so they exist even where uc_app could not be created.
 *
 * Expressions are written as PostgreSQL prints them back (pg_policies), so a start compares text and
 * rewrites nothing when they agree; policies.test.ts prints the printed form of one that differs.
 */

export interface PolicyDeclaration {
  table: string;
  name: string;
  command: 'ALL' | 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';
  using: string;
  /** null: none (a SELECT policy has none). */
  withCheck: string | null;
}

/** The tenant of the transaction (withTenant's app.tenant_id), null outside one. */
const currentTenant = `( SELECT (NULLIF(current_setting('app.tenant_id'::text, true), ''::text))::bigint AS "nullif")`;
/** A platform caller's cross-tenant transaction (withCrossTenant). */
const crossTenant = `( SELECT uc_cross_tenant() AS uc_cross_tenant)`;

/** A tenant's own rows, or any in a cross-tenant transaction; writes alike. */
const tenantIsolation = (table: string, column = 'tenant_id'): PolicyDeclaration => {
  const own = `((${column} = ${currentTenant}) OR ${crossTenant})`;
  return { table, name: 'tenant_isolation', command: 'ALL', using: own, withCheck: own };
};
/** Platform data: only cross-tenant (platform) transactions see or write it. */
const platformOnly = (table: string): PolicyDeclaration => ({ table, name: 'platform_only', command: 'ALL', using: crossTenant, withCheck: crossTenant });
/** Read by every tenant transaction (a signed-in request always names its tenant). */
const signedInRead = (table: string): PolicyDeclaration => ({
  table,
  name: 'signed_in_read',
  command: 'SELECT',
  using: `(${currentTenant} IS NOT NULL)`,
  withCheck: null,
});

/** Tenant-owned tables: each carries tenant_id (in its primary and foreign keys where it has them). */
const TENANT_TABLES = [
  'audit_logs',
  'depts',
  'login_logs',
  'member_ledger',
  'notice_preferences',
  'notice_reads',
  'notice_recipients',
  'notices',
  'oidc_handoffs',
  'oidc_requests',
  'open_access_keys',
  'open_access_nonces',
  'platform_binds',
  'posts',
  'quota_reservations',
  'quota_usage',
  'role_depts',
  'role_menus',
  'roles',
  'sessions',
  'uploads',
  'user_counts',
  'user_id_blocks',
  'user_oidc_identities',
  'user_posts',
  'user_roles',
  'users',
];

export const POLICIES: readonly PolicyDeclaration[] = [
  ...TENANT_TABLES.map((table) => tenantIsolation(table)),
  // A tenant sees its own tenant row (name, status); the platform sees all of them.
  tenantIsolation('tenants', 'id'),
  // uc_app reads its own tenant's and the platform-wide (0) authorisation epochs; the triggers write them as the owner.
  {
    table: 'auth_epochs',
    name: 'tenant_isolation',
    command: 'SELECT',
    using: `((tenant_id = 0) OR (tenant_id = ${currentTenant}) OR ${crossTenant})`,
    withCheck: null,
  },
  // Invitations are the platform's; registration reads them on the system connection.
  platformOnly('tenant_invites'),
  // Tenant policies are the platform's to write; a tenant reads only its own (the quota check needs it).
  platformOnly('tenant_policies'),
  {
    table: 'tenant_policies',
    name: 'own_policy_read',
    command: 'SELECT',
    using: `(id = ( SELECT tenants.policy_id\n   FROM tenants\n  WHERE (tenants.id = ${currentTenant})))`,
    withCheck: null,
  },
  // The upgrade log and the market's addons: every tenant reads them, only the platform writes them
  // (the server's own entries are written on the system connection, which owns the tables).
  ...['upgrade_logs', 'addons', 'addon_versions', 'addon_menus'].flatMap((table) => [signedInRead(table), platformOnly(table)]),
];

/** Tables with row-level security on: every table a policy above names. */
export const ROW_SECURITY_TABLES: readonly string[] = [...new Set(POLICIES.map((p) => p.table))].sort();
