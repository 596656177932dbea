import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs, userOidcIdentities, users } from '../../db/schema';

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

/** The user an account at a provider is bound to, in any tenant (the system connection sees every tenant's bindings). */
export async function holderOf(db: Db, provider: string, subject: string): Promise<number | undefined> {
  const [holder] = await db
    .select({ userId: userOidcIdentities.userId })
    .from(userOidcIdentities)
    .where(and(eq(userOidcIdentities.provider, provider), eq(userOidcIdentities.subject, subject)));
  return holder?.userId;
}

/** The live user an account at a provider signs in as: their tenant and id, or undefined. */
export async function boundUser(db: Db, provider: string, subject: string): Promise<{ tenantId: number; userId: number } | undefined> {
  const [user] = await db
    .select({ tenantId: users.tenantId, userId: users.id })
    .from(userOidcIdentities)
    .innerJoin(users, and(eq(users.tenantId, userOidcIdentities.tenantId), eq(users.id, userOidcIdentities.userId)))
    .where(and(eq(userOidcIdentities.provider, provider), eq(userOidcIdentities.subject, subject), isNull(users.deletedAt)));
  return user;
}

/**
 * Binds the user to the account at the provider (replacing their binding there) and audits it as the
 * user's own write, in the user's tenant-scoped transaction; false when the user is gone.
 */
export async function storeBinding(
  tx: Db,
  b: { tenantId: number; userId: number; provider: string; subject: string; email: string; name: string; action: string; ip: string },
): Promise<boolean> {
  const [user] = await tx
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, b.tenantId), eq(users.id, b.userId), isNull(users.deletedAt)));
  if (!user) return false;
  const values = { subject: b.subject, email: b.email, name: b.name, createdAt: new Date() };
  await tx
    .insert(userOidcIdentities)
    .values({ tenantId: b.tenantId, userId: b.userId, provider: b.provider, ...values })
    .onConflictDoUpdate({ target: [userOidcIdentities.tenantId, userOidcIdentities.userId, userOidcIdentities.provider], set: values });
  // Audited like the user's other own writes (writeAudit's row), made here without a session.
  await tx.insert(auditLogs).values({
    tenantId: b.tenantId,
    userId: b.userId,
    username: user.username,
    action: b.action,
    target: b.provider,
    fields: ['provider'],
    ip: b.ip.slice(0, 64),
  });
  return true;
}

/** The user's bindings at every provider. */
export function identitiesOf(tx: Db, tenantId: number, userId: number) {
  return tx
    .select()
    .from(userOidcIdentities)
    .where(and(eq(userOidcIdentities.tenantId, tenantId), eq(userOidcIdentities.userId, userId)));
}
