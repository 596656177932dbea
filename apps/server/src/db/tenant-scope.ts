import { sql } from 'drizzle-orm';
import type { Db } from './client';

/*
 * Tenant isolation, second line (the first is the tenant filter every repository writes): the
 * row-level security policies of drizzle/0002_tenant_rls.sql. They apply to the role uc_app only;
 * the connecting user owns the tables and bypasses them.
 *
 * - withTenant: the door to tenant-owned data for a signed-in request (the route registrar opens it
 *   for every session and permission call and hands the transaction to the handler as ctx.db).
 * - withCrossTenant: the platform's administration of all tenants; refused unless the caller belongs
 *   to the platform tenant.
 * - The system connection (Database.db, no role switch) is the reviewed bypass, used only where no
 *   tenant is known yet: migrations, seed, sign-in (user names are global), the token lookup of
 *   requireSession, captcha and SMS codes, rate limits. Each such use says so in a comment.
 */

/** The caller's scope, as the policies read it. */
export interface TenantCaller {
  tenantId: number;
  tenantIsPlatform: boolean;
}

/** Runs `fn` in a transaction as uc_app with app.tenant_id set: other tenants' rows do not exist for it. */
export function withTenant<T>(db: Db, tenantId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip: set_config(..., true) is SET LOCAL, undone at the end of the transaction.
    await tx.execute(sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', 'uc_app', true)`);
    return fn(tx as unknown as Db);
  });
}

/**
 * Switches an open withTenant transaction to cross-tenant reads and writes, for the platform's own
 * screens (tenant management, the platform-wide logs). Throws for callers outside the platform tenant.
 */
export async function enterCrossTenant(tx: Db, caller: TenantCaller): Promise<void> {
  if (!caller.tenantIsPlatform) throw new Error('enterCrossTenant is only for callers of the platform tenant');
  await tx.execute(sql`select set_config('app.cross_tenant', 'on', true)`);
}

/** withTenant, then enterCrossTenant: one transaction seeing every tenant (platform callers only). */
export function withCrossTenant<T>(db: Db, caller: TenantCaller, fn: (tx: Db) => Promise<T>): Promise<T> {
  return withTenant(db, caller.tenantId, async (tx) => {
    await enterCrossTenant(tx, caller);
    return fn(tx);
  });
}
