import { PERMISSION_CATALOGUE, type CurrentUser } from '@uc/contracts';
import type { Db } from '../../db/client';
import { notSignedIn } from '../../lib/errors';
import type { Session } from '../auth/access';
import { grantedPermissions, splitPermissions } from '../menu/menu-grants.repository';
import { ownEnabledRoles, ownProfile } from './member-self.repository';

/** The signed-in user as the console needs it: profile, tenant, enabled roles, permission strings. */
export async function currentUser(db: Db, session: Session): Promise<CurrentUser> {
  const profile = await ownProfile(db, session);
  if (!profile) throw notSignedIn();
  const roleRows = await ownEnabledRoles(db, session);
  const permissions = await grantedPermissions(db, session);
  return {
    ...profile,
    isSuperAdmin: session.isSuperAdmin,
    roles: roleRows,
    // The super admin holds every permission: the menus' strings and every guarded call.
    permissions: session.isSuperAdmin ? splitPermissions([...permissions, ...PERMISSION_CATALOGUE]) : permissions,
  };
}
