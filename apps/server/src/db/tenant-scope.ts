import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { pipelinedTransaction } from './pipelined-transaction';
import { inTransaction, rowsOf } from './typed';

/*
 * Tenant isolation, second line (the first is the tenant filter every repository writes): the
 * row-level security policies (drizzle/0015_cross_tenant_secret.sql has them all). They apply to the
 * role uc_app only; the connecting user owns the tables and bypasses them.
 *
 * - withTenant: the door to tenant-owned data for a signed-in request (the route registrar opens it
 *   for every session and permission call and hands the transaction to the handler as ctx.db).
 * - withCrossTenant / enterCrossTenant: the platform's administration of all tenants; refused unless
 *   the caller belongs to the platform tenant. The policies let a transaction cross tenants only when
 *   app.cross_tenant holds the secret of the table uc_platform_secret, which uc_app cannot read: a
 *   request can set the setting but not guess its value. The secret is read once per database, on
 *   the system connection, before the first tenant transaction opens (PGlite has one connection).
 * - The system connection (Database.db, no role switch) is the reviewed bypass, used only where no
 *   tenant is known yet: migrations, seed, sign-in (user names are global), the token lookup of
 *   requireSession, the auth_epochs counter reads of answers served from memory (access.ts
 *   epochReader), captcha and SMS codes, rate limits. Each such use says so in a comment.
 */

const secretOfDatabase = new WeakMap<Db, Promise<string>>();
/** The secret for each open withTenant transaction, for enterCrossTenant. */
const secretOfTransaction = new WeakMap<Db, string>();

function crossTenantSecret(db: Db): Promise<string> {
  let secret = secretOfDatabase.get(db);
  if (!secret) {
    secret = rowsOf<{ cross_tenant: string }>(db, sql`select cross_tenant from uc_platform_secret`).then((rows) => {
      const value = rows[0]?.cross_tenant;
      if (!value) throw new Error('uc_platform_secret has no row: run the migrations (drizzle/0015_cross_tenant_secret.sql) on this database');
      return value;
    });
    // A failed read (database not ready) is tried again by the next transaction, not remembered.
    secret.catch(() => secretOfDatabase.delete(db));
    secretOfDatabase.set(db, secret);
  }
  return secret;
}

/** The caller's scope, as the policies read it. */
export interface TenantCaller {
  tenantId: number;
  tenantIsPlatform: boolean;
}

/** The auth_epochs counters (drizzle/0020) a tenant transaction read as it opened, as text. */
export interface TenantEpochs {
  tenant: string;
  global: string;
}

/**
 * The statement that opens a tenant transaction: SET LOCAL of the tenant and the role (set_config(...,
 * true) is undone at the end of the transaction), and the tenant's and the platform's auth epochs.
 */
const OPEN_TENANT = `select set_config('app.tenant_id', $1, true), set_config('role', 'uc_app', true),
  coalesce((select e.epoch from auth_epochs e where e.tenant_id = $2), 0)::text as tenant_epoch,
  coalesce((select e.epoch from auth_epochs e where e.tenant_id = 0), 0)::text as global_epoch`;
type OpenedRow = { tenant_epoch: string; global_epoch: string };

/**
 * Runs `fn` in a transaction as uc_app with app.tenant_id set: other tenants' rows do not exist for it.
 * `fn` also gets the tenant's and the platform's auth epochs, read in the same round trip, so cached
 * authorisation can be checked against them (route-registrar.ts) without a statement of its own.
 */
export async function withTenant<T>(db: Db, tenantId: number, fn: (tx: Db, epochs: TenantEpochs) => Promise<T>): Promise<T> {
  const secret = await crossTenantSecret(db);
  const opened = (tx: Db, row: OpenedRow | undefined) => {
    secretOfTransaction.set(tx, secret);
    return fn(tx, { tenant: row!.tenant_epoch, global: row!.global_epoch });
  };
  // PostgreSQL: BEGIN and the opening statement (prepared once per connection) in one round trip.
  const pipelined = pipelinedTransaction<T, OpenedRow>(db, { name: 'uc_open_tenant', text: OPEN_TENANT, values: [String(tenantId), tenantId] }, opened);
  if (pipelined) return pipelined;
  return inTransaction(db, async (tx) => {
    const [row] = await rowsOf<OpenedRow>(
      tx,
      sql`
      select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', 'uc_app', true),
        coalesce((select e.epoch from auth_epochs e where e.tenant_id = ${tenantId}), 0)::text as tenant_epoch,
        coalesce((select e.epoch from auth_epochs e where e.tenant_id = 0), 0)::text as global_epoch`,
    );
    return opened(tx, row);
  });
}

/**
 * Switches an open withTenant transaction to cross-tenant reads and writes, for the platform's own
 * screens (tenant management, the platform-wide logs). Throws for callers outside the platform tenant.
 */
export async function enterCrossTenant(tx: Db, caller: TenantCaller): Promise<void> {
  if (!caller.tenantIsPlatform) throw new Error('enterCrossTenant is only for callers of the platform tenant');
  const secret = secretOfTransaction.get(tx);
  if (secret === undefined) throw new Error('enterCrossTenant needs the transaction withTenant opened (ctx.db of a signed-in call)');
  await tx.execute(sql`select set_config('app.cross_tenant', ${secret}, true)`);
}

/** withTenant, then enterCrossTenant: one transaction seeing every tenant (platform callers only). */
export function withCrossTenant<T>(db: Db, caller: TenantCaller, fn: (tx: Db) => Promise<T>): Promise<T> {
  return withTenant(db, caller.tenantId, async (tx) => {
    await enterCrossTenant(tx, caller);
    return fn(tx);
  });
}
