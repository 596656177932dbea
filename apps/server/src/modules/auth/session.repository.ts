import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, tenants, users } from '../../db/schema';

export interface SessionRow {
  sessionId: number;
  userId: number;
  tenantId: number;
  username: string;
  userStatus: number;
  isSuperAdmin: boolean;
  tenantStatus: number;
  tenantExpiresAt: Date | null;
  tenantIsPlatform: boolean;
  lastSeenAt: Date;
}

/** The live session of a token hash (not revoked, not expired, user not deleted), with user and tenant. */
export async function findLiveSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      tenantId: users.tenantId,
      username: users.username,
      userStatus: users.status,
      isSuperAdmin: users.isSuperAdmin,
      tenantStatus: tenants.status,
      tenantExpiresAt: tenants.expiresAt,
      tenantIsPlatform: tenants.isPlatform,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`), isNull(users.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function insertSession(
  db: Db,
  s: { tokenHash: string; tenantId: number; userId: number; ip: string; userAgent: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(s);
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Refreshes last_seen_at at most once a minute per session (a write on every call would be wasteful). */
export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
}
