import { and, eq, sql } from 'drizzle-orm';
import { BindStatus } from '@uc/contracts';
import type { MessageParams } from '@uc/contracts/messages';
import type { Db } from '../../db/client';
import { platformBinds, users } from '../../db/schema';
import type { Session } from '../auth/access';

/*
 * The caller's own binding row (platform-bind.service.ts holds the rules). Every query names the
 * caller's tenant and user: a user only ever sees and changes their own row.
 */

const own = (session: Session) => and(eq(platformBinds.tenantId, session.tenantId), eq(platformBinds.userId, session.userId));

export type BindingRow = typeof platformBinds.$inferSelect;

export async function ownBinding(db: Db, session: Session): Promise<BindingRow | undefined> {
  const [row] = await db.select().from(platformBinds).where(own(session));
  return row;
}

/** The caller's own user as the binding page shows it; undefined when the user is gone. */
export async function localUser(db: Db, session: Session): Promise<{ userId: number; username: string; realName: string } | undefined> {
  const [local] = await db
    .select({ userId: users.id, username: users.username, realName: users.realName })
    .from(users)
    .where(and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId)));
  return local;
}

/** A platform account as the platform described it. */
export interface PlatformAccount {
  platformUserId: number;
  platformUsername: string;
  platformRealName: string;
}

/** Stores the caller's binding, checked and bound as of now, replacing any earlier one (made anew: createdAt too). */
export async function saveBinding(
  db: Db,
  session: Session,
  binding: { platformUrl: string; clientId: string; username: string; tokenEnc: string } & PlatformAccount,
): Promise<void> {
  const values = { ...binding, status: BindStatus.bound, lastCheckedAt: sql`now()`, lastError: '', lastErrorParams: {}, updatedAt: sql`now()` };
  await db
    .insert(platformBinds)
    .values({ tenantId: session.tenantId, userId: session.userId, ...values })
    .onConflictDoUpdate({ target: [platformBinds.tenantId, platformBinds.userId], set: { ...values, createdAt: sql`now()` } });
}

/** Records what a check of the caller's binding found, as of now. */
export async function recordCheck(
  db: Db,
  session: Session,
  outcome: { status: number; lastError: string; lastErrorParams: MessageParams } & Partial<PlatformAccount>,
): Promise<void> {
  await db
    .update(platformBinds)
    .set({ ...outcome, lastCheckedAt: sql`now()`, updatedAt: sql`now()` })
    .where(own(session));
}

/** Deletes the caller's binding: the row it was, or undefined when there was none. */
export async function deleteBinding(db: Db, session: Session): Promise<BindingRow | undefined> {
  const [row] = await db.delete(platformBinds).where(own(session)).returning();
  return row;
}
