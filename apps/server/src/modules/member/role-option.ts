import { and, eq } from 'drizzle-orm';
import type { RoleOption } from '@uc/contracts';
import type { Db } from '../../db/client';
import { userRoles } from '../../db/schema';
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

/**
 * The roles of `roleIds` that the caller may not grant to user `targetId` (undefined: a new user). The
 * caller's own record is the one exception: a role they hold but cannot grant (the super
 * administrator's 超级管理员, which is offered to nobody) comes back as their form shows it, and is kept,
 * not granted. Anyone else's roles are not looked at here, so a refusal says nothing about them.
 */
export async function ungrantableRoleIds(db: Db, session: Session, roleIds: readonly number[], targetId: number | undefined): Promise<number[]> {
  const grantable = new Set(await grantableRoleIds(db, session));
  const asked = roleIds.filter((r) => !grantable.has(r));
  if (asked.length === 0 || targetId !== session.userId) return asked;
  const own = await db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, session.tenantId), eq(userRoles.userId, session.userId)));
  const held = new Set(own.map((r) => r.id));
  return asked.filter((r) => !held.has(r));
}
