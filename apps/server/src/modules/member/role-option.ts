import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Session } from '../auth/access';

/**
 * Roles the caller may grant (DESIGN.md section 5: only what they hold): every enabled role of the
 * tenant for the platform super admin and for holders of the tenant's default administrator role,
 * otherwise the caller's own enabled roles and the roles below them.
 */
export async function grantableRoles(db: Db, session: Session): Promise<{ id: number; name: string }[]> {
  const result = (await db.execute(sql`
    with recursive mine as (
      select r.id, r.is_default_admin from roles r
      join user_roles ur on ur.tenant_id = r.tenant_id and ur.role_id = r.id
      where r.tenant_id = ${session.tenantId} and ur.user_id = ${session.userId} and r.status = 1
    ), below(id, depth) as (
      select id, 0 from mine
      union all
      select r.id, b.depth + 1 from roles r join below b on r.tenant_id = ${session.tenantId} and r.parent_id = b.id where b.depth < 50
    )
    select r.id, r.name from roles r
    where r.tenant_id = ${session.tenantId} and r.status = 1
      and (${session.isSuperAdmin} or exists (select 1 from mine where is_default_admin) or r.id in (select id from below))
    order by r.sort, r.id`)) as unknown as { rows: { id: number | string; name: string }[] };
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function grantableRoleIds(db: Db, session: Session): Promise<number[]> {
  return (await grantableRoles(db, session)).map((r) => r.id);
}

