import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, tenants, users } from '../../db/schema';

export interface SessionRow {
  sessionId: number;
  userId: number;
  tenantId: number;
  username: string;
  userStatus: number;
  isSuperAdmin: boolean;
  tenantName: string;
  tenantStatus: number;
  tenantExpiresAt: Date | null;
  tenantIsPlatform: boolean;
  lastSeenAt: Date;
  readOnly: boolean;
  expiresAt: Date;
  /** The database clock when the row was read (expiries are by that clock). */
  dbNow: Date;
  /** The tenant's and the platform's auth_epochs as of this read (same snapshot), as text. */
  tenantEpoch: string;
  globalEpoch: string;
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
      tenantName: tenants.name,
      tenantStatus: tenants.status,
      tenantExpiresAt: tenants.expiresAt,
      tenantIsPlatform: tenants.isPlatform,
      lastSeenAt: sessions.lastSeenAt,
      readOnly: sessions.readOnly,
      expiresAt: sessions.expiresAt,
      dbNow: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
      tenantEpoch: sql<string>`coalesce((select e.epoch from auth_epochs e where e.tenant_id = ${sessions.tenantId}), 0)::text`,
      globalEpoch: sql<string>`coalesce((select e.epoch from auth_epochs e where e.tenant_id = 0), 0)::text`,
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
  s: { tokenHash: string; tenantId: number; userId: number; ip: string; userAgent: string; expiresAt: Date; readOnly?: boolean; openAccessKeyId?: number },
): Promise<void> {
  await db.insert(sessions).values(s);
}

/**
 * Ends every live session an open access key opened (the key was disabled, rotated or relinked);
 * returns how many. Call it after the write that changed the key, in the same transaction: that
 * write waits for a sign-in holding the key (open-access.service.ts#holdKeyAsSigned), so this
 * statement sees the session such a sign-in made.
 */
export async function revokeKeySessions(db: Db, tenantId: number, keyId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.openAccessKeyId, keyId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** How long sessions live: SESSION_TTL_HOURS, SESSION_SLIDING, SESSION_MAX_HOURS. */
export interface SessionPolicy {
  ttlHours: number;
  sliding: boolean;
  maxHours: number;
}

/**
 * Refreshes last_seen_at at most once a minute per session (a write on every call would be wasteful);
 * with sliding renewal the expiry moves to ttl from now, never past sign-in + maxHours.
 */
export async function touchSession(db: Db, sessionId: number, policy: SessionPolicy): Promise<void> {
  const renewed = sql`least(now() + make_interval(secs => ${policy.ttlHours * 3600}), ${sessions.createdAt} + make_interval(secs => ${policy.maxHours * 3600}))`;
  await db
    .update(sessions)
    .set(policy.sliding ? { lastSeenAt: sql`now()`, expiresAt: sql`greatest(${sessions.expiresAt}, ${renewed})` } : { lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
}

/** Ends sessions of a user at once (force logout, disabling, password change); returns how many. */
export async function revokeUserSessions(db: Db, tenantId: number, userId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends every live session of a user except one (a password change keeps the caller's); returns how many. */
export async function revokeOtherSessions(db: Db, tenantId: number, userId: number, keepSessionId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Live sessions of one user, newest first. */
export async function liveSessionsOf(db: Db, tenantId: number, userId: number) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.id));
}

/** Ends one live session of one user; false when it is not theirs (or not live). */
export async function revokeOwnSession(db: Db, tenantId: number, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * Ends every live session of a tenant's users at once (the tenant was disabled); returns how many.
 * Their next call gets a 61 and the console's login-timeout dialog; signing in again is refused with
 * a 60 while the tenant stays disabled. Call it in the transaction that disables the tenant.
 */
export async function revokeTenantSessions(db: Db, tenantId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tenantId, tenantId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  return rows.length;
}
