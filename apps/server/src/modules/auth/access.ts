import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forbidden, noLicence, notSignedIn } from '../../lib/errors';
import { findLiveSession, touchSession, type SessionPolicy } from './session.repository';
import { hashToken } from './token';

/** The signed-in caller, read from the database on every request (a revocation counts at once). */
export interface Session {
  sessionId: number;
  userId: number;
  tenantId: number;
  username: string;
  isSuperAdmin: boolean;
  tenantIsPlatform: boolean;
  /** The demo account's session: only GET calls pass (route registrar). */
  readOnly: boolean;
}

const ENABLED = 1;

/**
 * The session of a token, or a 61 (not signed in, disabled user) / 60 (tenant disabled or expired)
 * error. Runs on the system connection (reviewed bypass): the tenant is what it finds out.
 */
export async function requireSession(db: Db, token: string | null, policy: SessionPolicy): Promise<Session> {
  if (!token) throw notSignedIn();
  const row = await findLiveSession(db, hashToken(token));
  if (!row) throw notSignedIn('Your session has expired or was ended: please sign in again');
  if (row.userStatus !== ENABLED) throw notSignedIn('Your account is disabled: ask an administrator to enable it');
  if (row.tenantStatus !== ENABLED || (row.tenantExpiresAt && row.tenantExpiresAt.getTime() <= Date.now())) throw noLicence();
  if (Date.now() - row.lastSeenAt.getTime() > 60_000) await touchSession(db, row.sessionId, policy);
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    tenantId: row.tenantId,
    username: row.username,
    isSuperAdmin: row.isSuperAdmin,
    tenantIsPlatform: row.tenantIsPlatform,
    readOnly: row.readOnly,
  };
}

/**
 * Menus granted to the user through their enabled roles; the SQL fragment is shared by the permission
 * check, the permission list and the menu tree so the three can never disagree.
 */
export const grantedMenuIds = (tenantId: number, userId: number) => sql`
  select rm.menu_id from user_roles ur
  join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.status = 1
  join role_menus rm on rm.tenant_id = r.tenant_id and rm.role_id = r.id
  where ur.tenant_id = ${tenantId} and ur.user_id = ${userId}`;

/** Whether one of the user's enabled roles holds an enabled menu carrying `path` as a permission. */
export async function hasPermission(db: Db, session: Session, path: string): Promise<boolean> {
  if (session.isSuperAdmin) return true;
  const result = (await db.execute(sql`
    select 1 as ok from menus m
    where m.status = 1 and m.id in (${grantedMenuIds(session.tenantId, session.userId)})
      and ${path} = any(string_to_array(replace(m.permissions, ' ', ''), ','))
    limit 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export async function requirePermission(db: Db, session: Session, path: string): Promise<void> {
  if (!(await hasPermission(db, session, path))) {
    throw forbidden(`You do not have permission to call ${path}: ask an administrator to grant it to your role`);
  }
}
