import { and, asc, eq } from 'drizzle-orm';
import { PERMISSION_CATALOGUE, type CurrentUser, Status } from '@uc/contracts';
import type { Db } from '../../db/client';
import { roles, tenants, userRoles, users } from '../../db/schema';
import { notSignedIn } from '../../lib/errors';
import type { Session } from '../auth/access';
import { grantedPermissions, splitPermissions } from '../menu/menu-grants.repository';

/** The signed-in user as the console needs it: profile, tenant, enabled roles, permission strings. */
export async function currentUser(db: Db, session: Session): Promise<CurrentUser> {
  const [profile] = await db
    .select({ id: users.id, username: users.username, realName: users.realName, avatar: users.avatar, tenantId: users.tenantId, tenantName: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId)));
  if (!profile) throw notSignedIn();
  const roleRows = await db
    .select({ id: roles.id, name: roles.name, key: roles.key })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.tenantId, session.tenantId), eq(userRoles.userId, session.userId), eq(roles.status, Status.enabled)))
    .orderBy(asc(roles.sort), asc(roles.id));
  const permissions = await grantedPermissions(db, session);
  return {
    ...profile,
    isSuperAdmin: session.isSuperAdmin,
    roles: roleRows,
    // The super admin holds every permission: the menus' strings and every guarded call.
    permissions: session.isSuperAdmin ? splitPermissions([...permissions, ...PERMISSION_CATALOGUE]) : permissions,
  };
}
