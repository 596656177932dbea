import { ENABLED } from '../../db/status-sql';
import { Status } from '@uc/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client';
import { forbidden, notSignedIn } from '../../lib/errors';
import { licenceRefusal } from './licence';
import { AUTH_LEASE_MS, EpochReader, type AuthCache, type AuthEpochs } from './auth-cache';
import { findLiveSession, touchSession, type SessionPolicy } from './session.repository';
import { hashToken } from './token';
import { rowsOf } from '../../db/typed';

/**
 * The signed-in caller, read from the database or from the AuthCache; a cached one is used only after
 * the request's auth epochs matched (route-registrar.ts), so a revocation counts at the next call.
 */
export interface Session {
  sessionId: number;
  userId: number;
  tenantId: number;
  username: string;
  isSuperAdmin: boolean;
  tenantIsPlatform: boolean;
  /** The demo account's session: only GET calls pass (route registrar). */
  readOnly: boolean;
  /**
   * A platform administrator acting inside this tenant (header X-UC-Tenant, route registrar): their
   * user lives in the platform tenant; here they have the reach of the tenant's own administrator.
   */
  operator?: boolean;
}

/**
 * The session of a token, or a 61 (not signed in, disabled user) / 60 (tenant disabled or expired)
 * error. Runs on the system connection (reviewed bypass): the tenant is what it finds out.
 */
export async function requireSession(db: Db, token: string | null, policy: SessionPolicy, cache?: AuthCache): Promise<Session> {
  if (!token) throw notSignedIn();
  const tokenHash = hashToken(token);
  const row = await findLiveSession(db, tokenHash);
  if (!row) throw notSignedIn('Your session has expired or was ended: please sign in again');
  if (row.userStatus !== Status.enabled) throw notSignedIn('Your account is disabled: ask an administrator to enable it');
  const refused = licenceRefusal(row);
  if (refused) throw refused;
  if (Date.now() - row.lastSeenAt.getTime() > 60_000) await touchSession(db, row.sessionId, policy);
  const session: Session = {
    sessionId: row.sessionId,
    userId: row.userId,
    tenantId: row.tenantId,
    username: row.username,
    isSuperAdmin: row.isSuperAdmin,
    tenantIsPlatform: row.tenantIsPlatform,
    readOnly: row.readOnly,
  };
  // The epochs come from the same snapshot as the row: a revocation committed after it moves them.
  cache?.putSession(tokenHash, {
    session,
    epochs: { tenant: row.tenantEpoch, global: row.globalEpoch },
    // Expiry by the database clock, counted on this process's monotonic clock (no skew between hosts).
    validUntil: performance.now() + (row.expiresAt.getTime() - row.dbNow.getTime()),
    tenantExpiresAt: row.tenantExpiresAt?.getTime() ?? null,
  });
  return session;
}

/**
 * The cached session of a token, if one is held and its tenant licence has not run out since; the
 * caller must still compare its epochs with the request's (route-registrar.ts) before trusting it.
 * Anything doubtful returns undefined, and requireSession answers from the database.
 */
export function cachedSession(cache: AuthCache, token: string | null): { tokenHash: string; session: Session; epochs: AuthEpochs } | undefined {
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const hit = cache.session(tokenHash);
  if (!hit) return undefined;
  if (hit.tenantExpiresAt !== null && hit.tenantExpiresAt <= Date.now()) {
    cache.dropSession(tokenHash);
    return undefined;
  }
  return { tokenHash, session: hit.session, epochs: hit.epochs };
}

/**
 * Menus granted to the user through their enabled roles; the SQL fragment is shared by the permission
 * check, the permission list and the menu tree so the three can never disagree.
 */
export const grantedMenuIds = (tenantId: number, userId: number) => sql`
  select rm.menu_id from user_roles ur
  join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.status = ${ENABLED}
  join role_menus rm on rm.tenant_id = r.tenant_id and rm.role_id = r.id
  where ur.tenant_id = ${tenantId} and ur.user_id = ${userId}`;

/** Whether one of the user's enabled roles holds an enabled menu carrying `path` as a permission. */
export async function hasPermission(db: Db, session: Session, path: string): Promise<boolean> {
  if (session.isSuperAdmin) return true;
  const rows = await rowsOf(
    db,
    sql`
    select 1 as ok from menus m
    where m.status = ${ENABLED} and m.id in (${grantedMenuIds(session.tenantId, session.userId)})
      and ${path} = any(string_to_array(replace(m.permissions, ' ', ''), ','))
    limit 1`,
  );
  return rows.length > 0;
}

/** Every permission path the user's enabled roles grant through enabled menus (hasPermission's rule). */
export async function grantedPaths(db: Db, session: Session): Promise<Set<string>> {
  const rows = await rowsOf<{ path: string }>(
    db,
    sql`
    select distinct p.path from menus m
    cross join lateral unnest(string_to_array(replace(m.permissions, ' ', ''), ',')) as p(path)
    where m.status = ${ENABLED} and m.id in (${grantedMenuIds(session.tenantId, session.userId)})`,
  );
  return new Set(rows.map((r) => r.path));
}

/**
 * With a cache and the epochs the request read in its own transaction (`db`), the user's granted paths
 * are read once and kept until the epochs move; without, one query as before.
 */
export async function requirePermission(db: Db, session: Session, path: string, cached?: { cache: AuthCache; epochs: AuthEpochs }): Promise<void> {
  let allowed: boolean;
  if (session.isSuperAdmin) allowed = true;
  else if (cached) {
    let paths = cached.cache.permissionsOf(session, cached.epochs);
    if (!paths) {
      // Read after the epochs (same transaction, later statement): stored under them, never fresher.
      paths = await grantedPaths(db, session);
      cached.cache.putPermissions(session, cached.epochs, paths);
    }
    allowed = paths.has(path);
  } else allowed = await hasPermission(db, session, path);
  if (!allowed) {
    throw forbidden('You do not have permission to call {path}: ask an administrator to grant it to your role', { path });
  }
}

const authOfTransaction = new WeakMap<Db, { cache: AuthCache; epochs: AuthEpochs }>();

/** The registrar's: the cache a tenant transaction's reads may use, and the epochs it opened under. */
export function noteTransactionAuth(tx: Db, cached: { cache: AuthCache; epochs: AuthEpochs }): void {
  authOfTransaction.set(tx, cached);
}

/**
 * `read()` in the tenant transaction `db`, kept per caller under the epochs that transaction opened
 * with (read no later than the value, so never fresher), when the registrar gave it a cache. Only for
 * values that derive from what auth_epochs covers (the caller's user, roles and grants); `key` must not
 * start with '/', the perCaller answers' keys.
 */
export async function perCallerRead<T>(db: Db, session: Session, key: string, read: () => Promise<T>): Promise<T> {
  const cached = authOfTransaction.get(db);
  if (!cached) return read();
  const hit = cached.cache.memo<T>(session, key, cached.epochs);
  if (hit !== undefined) return hit;
  const value = await read();
  cached.cache.putMemo(session, key, cached.epochs, value);
  return value;
}

/**
 * Batched reads of auth_epochs for answers served from memory (auth-cache.ts#EpochReader). Runs on
 * the system connection (reviewed bypass): it reads counters only, for tenants the sessions named.
 * On node-postgres it is a named statement, prepared once per connection (the hot path of member/info).
 */
export const epochReader = (db: Db): EpochReader => {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return new EpochReader(
      async (tenantIds) => {
        const result = await client.query<{ id: number; epoch: string }>({
          name: 'uc_auth_epochs',
          text: 'select tenant_id::int as id, epoch::text as epoch from auth_epochs where tenant_id = any($1::bigint[])',
          values: [tenantIds],
        });
        return new Map(result.rows.map((r) => [Number(r.id), r.epoch]));
      },
      undefined,
      AUTH_LEASE_MS,
    );
  }
  return new EpochReader(async (tenantIds) => {
    // Bound one by one: an array parameter (= any($1)) costs PGlite ten times as much.
    const ids = sql.join(
      tenantIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await rowsOf<{ id: number; epoch: string }>(
      db,
      sql`select tenant_id::int as id, epoch::text as epoch from auth_epochs where tenant_id in (${ids})`,
    );
    return new Map(rows.map((r) => [Number(r.id), r.epoch]));
  });
};
