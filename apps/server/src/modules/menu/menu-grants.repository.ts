import { Status } from '@uc/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menus } from '../../db/schema';
import { grantedMenuIds, type Session } from '../auth/access';

export type MenuRow = typeof menus.$inferSelect;

/**
 * The enabled menus the caller may open, in sort order: all of them for the super admin, otherwise
 * the ones their enabled roles grant, the pages open to everyone (`everyonePaths`: a remote's
 * personal pages), and the ancestors of those (a granted page needs its directory).
 */
export async function visibleMenus(db: Db, session: Session, everyonePaths: readonly string[] = []): Promise<MenuRow[]> {
  const enabled = eq(menus.status, Status.enabled);
  if (session.isSuperAdmin) return db.select().from(menus).where(enabled).orderBy(asc(menus.sort), asc(menus.id));
  const everyone =
    everyonePaths.length > 0
      ? sql` or path in (${sql.join(
          everyonePaths.map((p) => sql`${p}`),
          sql`, `,
        )})`
      : sql``;
  const granted = sql`
    with recursive tree(id) as (
      select id from menus where id in (${grantedMenuIds(session.tenantId, session.userId)})${everyone}
      union
      select m.parent_id from menus m join tree on m.id = tree.id where m.parent_id is not null
    ) select id from tree`;
  return db
    .select()
    .from(menus)
    .where(and(enabled, inArray(menus.id, sql`(${granted})`)))
    .orderBy(asc(menus.sort), asc(menus.id));
}

/** Permission strings of the caller's granted, enabled menus (ancestors added only for display grant nothing). */
export async function grantedPermissions(db: Db, session: Session): Promise<string[]> {
  const where = session.isSuperAdmin
    ? eq(menus.status, Status.enabled)
    : and(eq(menus.status, Status.enabled), inArray(menus.id, sql`(${grantedMenuIds(session.tenantId, session.userId)})`));
  const rows = await db.selectDistinct({ permissions: menus.permissions }).from(menus).where(where);
  return splitPermissions(rows.map((r) => r.permissions));
}

export function splitPermissions(lists: readonly string[]): string[] {
  const out = new Set<string>();
  for (const list of lists) for (const p of list.split(',')) if (p.trim()) out.add(p.trim());
  return [...out].sort();
}
