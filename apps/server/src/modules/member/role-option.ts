import type { RoleOption } from '@uc/shared/contracts';
import type { Db } from '../../db/client';
import type { Session } from '../auth/access';
import { roleOptions } from '../role/role.service';

const ids = (nodes: RoleOption[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);

/**
 * Roles the caller may give a user: exactly the enabled roles the role options offer (DESIGN.md
 * section 5: only what they hold), so the user form and this check can never disagree.
 */
export async function grantableRoleIds(db: Db, session: Session): Promise<number[]> {
  return ids(await roleOptions(db, session));
}
