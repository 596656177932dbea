import { and, asc, eq, isNull } from 'drizzle-orm';
import { Status } from '@uc/contracts';
import type { Db } from '../../db/client';
import { roles, tenants, userRoles, users } from '../../db/schema';
import type { Session } from '../auth/access';

/** The signed-in user's row: the caller reads and changes their own account, never another's. */
const own = (session: Session) => and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId));

/** The caller's profile with their tenant's name; undefined when the user is gone. */
export async function ownProfile(db: Db, session: Session) {
  const [profile] = await db
    .select({ id: users.id, username: users.username, realName: users.realName, avatar: users.avatar, tenantId: users.tenantId, tenantName: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(own(session));
  return profile;
}

/** The caller's enabled roles, in the roles' order. */
export async function ownEnabledRoles(db: Db, session: Session): Promise<{ id: number; name: string; key: string }[]> {
  return db
    .select({ id: roles.id, name: roles.name, key: roles.key })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.tenantId, session.tenantId), eq(userRoles.userId, session.userId), eq(roles.status, Status.enabled)))
    .orderBy(asc(roles.sort), asc(roles.id));
}

/** The caller's password hash; undefined when the user is deleted or gone. */
export async function ownPasswordHash(db: Db, session: Session): Promise<string | undefined> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(own(session), isNull(users.deletedAt)));
  return user?.passwordHash;
}

export async function setOwnPasswordHash(db: Db, session: Session, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(own(session));
}
