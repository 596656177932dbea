import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userOidcIdentities } from '../../db/schema';

/** One user's binding at one provider, as the user's tenant-scoped transaction sees it. */
export interface BindingKey {
  tenantId: number;
  userId: number;
  provider: string;
}

const matches = (k: BindingKey) =>
  and(eq(userOidcIdentities.tenantId, k.tenantId), eq(userOidcIdentities.userId, k.userId), eq(userOidcIdentities.provider, k.provider));

/** Whether the user is bound at the provider. */
export async function isBound(db: Db, key: BindingKey): Promise<boolean> {
  const [row] = await db.select({ provider: userOidcIdentities.provider }).from(userOidcIdentities).where(matches(key));
  return row !== undefined;
}

/** Removes the user's binding at the provider; whether there was one. */
export async function removeBinding(db: Db, key: BindingKey): Promise<boolean> {
  const removed = await db.delete(userOidcIdentities).where(matches(key)).returning({ provider: userOidcIdentities.provider });
  return removed.length > 0;
}
