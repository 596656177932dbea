import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The one door to tenant-owned data for a request: a transaction that carries the caller's tenant in
 * `app.tenant_id`. Row-level security policies (a later issue) will read that setting, and this is
 * the single place that will also `SET LOCAL ROLE uc_app` so the policies apply to every query.
 */
export function withTenant<T>(db: Db, tenantId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${String(tenantId)}, true)`);
    return fn(tx as unknown as Db);
  });
}
