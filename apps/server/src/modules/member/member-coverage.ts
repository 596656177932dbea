import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ENABLED } from '../../db/status-sql';
import { rowsOf } from '../../db/typed';
import { forbidden } from '../../lib/errors';
import { DATA_SCOPE } from '../scope/data-scope';
import { grantedMenuIds, type Session } from '../auth/access';
import { memberVisibility } from './member.visibility';

/*
 * Whoever acts on a user must hold everything that user holds (DESIGN.md section 5): otherwise a
 * sub-administrator resets an administrator's password, signs in as them and grants himself the rest.
 * "Everything" is three things, each compared here in one statement:
 *   - the super administrator's power: only a super administrator acts on one;
 *   - the menus (and so the permission strings) the target's enabled roles grant;
 *   - the target's data reach: scope "all", or the departments their scopes 2, 3 and 4 reach.
 * The platform super administrator, and the platform acting inside a tenant (Session.operator, which
 * has the reach of the tenant's own administrator), cover everyone.
 */

/** What the target holds that the actor does not; undefined when the actor covers the target. */
export type CoverageGap = 'superAdmin' | 'permissions' | 'reach';

const hasScope = (tenantId: number, userId: number, scope: number): SQL => sql`exists (
  select 1 from user_roles ur
  join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.status = ${ENABLED}
  where ur.tenant_id = ${tenantId} and ur.user_id = ${userId} and r.data_scope = ${scope})`;

/** The departments a user's enabled roles of scope 2, 3 or 4 reach (data-scope.ts's rule, as a set). */
const reachedDepts = (tenantId: number, userId: number): SQL => {
  const ownDept = sql`(select dept_id from users where tenant_id = ${tenantId} and id = ${userId})`;
  return sql`
    select ${ownDept} as id where ${hasScope(tenantId, userId, DATA_SCOPE.ownDept)}
    union
    select below.id from (
      with recursive below(id) as (
        select id from depts where tenant_id = ${tenantId} and id = ${ownDept}
        union select d.id from depts d join below on d.parent_id = below.id where d.tenant_id = ${tenantId}
      ) select id from below
    ) below where ${hasScope(tenantId, userId, DATA_SCOPE.deptAndBelow)}
    union
    select rd.dept_id from role_depts rd
    join roles r on r.tenant_id = rd.tenant_id and r.id = rd.role_id and r.status = ${ENABLED} and r.data_scope = ${DATA_SCOPE.customDepts}
    join user_roles ur on ur.tenant_id = r.tenant_id and ur.role_id = r.id
    where ur.tenant_id = ${tenantId} and ur.user_id = ${userId}`;
};

/** The first thing the target (a user of the caller's tenant) holds that the caller does not, if any. */
export async function coverageGap(db: Db, session: Session, targetId: number): Promise<CoverageGap | undefined> {
  if (session.isSuperAdmin || session.operator || targetId === session.userId) return undefined;
  const t = session.tenantId;
  const [row] = await rowsOf<{ super_admin: boolean | null; permissions: boolean; reach: boolean }>(
    db,
    sql`
    select
      (select is_super_admin from users where tenant_id = ${t} and id = ${targetId}) as super_admin,
      exists (
        select 1 from (${grantedMenuIds(t, targetId)}) target
        where target.menu_id not in (${grantedMenuIds(t, session.userId)})
      ) as permissions,
      not ${hasScope(t, session.userId, DATA_SCOPE.all)} and (
        ${hasScope(t, targetId, DATA_SCOPE.all)}
        or exists (
          select 1 from (${reachedDepts(t, targetId)}) target
          where target.id is not null and target.id not in (
            select actor.id from (${reachedDepts(t, session.userId)}) actor where actor.id is not null
          )
        )
      ) as reach`,
  );
  if (!row || row.super_admin === null) return undefined;
  if (row.super_admin) return 'superAdmin';
  if (row.permissions) return 'permissions';
  if (row.reach) return 'reach';
  return undefined;
}

export const ACT_ON_SUPER_ADMIN = 'Only a super administrator can change a super administrator: ask one to do it';
export const ACT_ON_MORE_PERMISSIONS =
  'That user holds permissions you do not hold, so you cannot change their account: ask an administrator who holds all of them';
export const ACT_ON_WIDER_REACH =
  "That user's data scope reaches departments yours does not, so you cannot change their account: ask an administrator whose scope covers theirs";

const REFUSALS: Record<CoverageGap, string> = { superAdmin: ACT_ON_SUPER_ADMIN, permissions: ACT_ON_MORE_PERMISSIONS, reach: ACT_ON_WIDER_REACH };

/**
 * Refuses (403) a call acting on `targetId` when the target holds something the caller does not.
 * The route registrar runs it for every call whose contract says `actsOnUser`, before the handler; a
 * target the caller cannot see is left to the handler, which answers as for a missing user.
 */
export async function requireCoverage(db: Db, session: Session, targetId: number): Promise<void> {
  const [seen] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(await memberVisibility(db, session), eq(users.id, targetId)))
    .limit(1);
  if (!seen) return;
  const gap = await coverageGap(db, session, targetId);
  if (gap) throw forbidden(REFUSALS[gap]);
}
