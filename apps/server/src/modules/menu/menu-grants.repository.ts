import { Status } from '@uc/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { menus } from '../../db/schema';
import { grantedMenuIds, type Session } from '../auth/access';
import { policyAllowsMenu } from '../tenant-policy/policy-pages';

export type MenuRow = typeof menus.$inferSelect;

/** The pages every user opens (a remote's `everyone` pages, by path), as navigableMenus reads them from the registry. */
export interface OpenPages {
  /** Personal pages: every signed-in user's, whatever the policy. */
  everyone: readonly string[];
  /** `everyone` with `byPolicy`: every user's where the tenant's policy allows them (tenant-policy/policy-pages.ts). */
  byPolicy: readonly string[];
}

const NO_PAGES: OpenPages = { everyone: [], byPolicy: [] };

const pathIn = (paths: readonly string[]) =>
  sql`path in (${sql.join(
    paths.map((p) => sql`${p}`),
    sql`, `,
  )})`;

/**
 * The enabled menus the caller may open, in sort order: all of them for the super admin, otherwise
 * the ones their enabled roles grant, the pages open to every user (`pages`: a remote's personal
 * pages; its pages governed by the tenant policy where the caller's tenant policy allows them), and
 * the ancestors of those (a granted page needs its directory).
 */
export async function visibleMenus(db: Db, session: Session, pages: OpenPages = NO_PAGES): Promise<MenuRow[]> {
  const enabled = eq(menus.status, Status.enabled);
  if (session.isSuperAdmin) return db.select().from(menus).where(enabled).orderBy(asc(menus.sort), asc(menus.id));
  const everyone = pages.everyone.length > 0 ? sql` or ${pathIn(pages.everyone)}` : sql``;
  const byPolicy = pages.byPolicy.length > 0 ? sql` or (${pathIn(pages.byPolicy)} and ${policyAllowsMenu(session.tenantId, sql`menus.id`)})` : sql``;
  const granted = sql`
    with recursive tree(id) as (
      select id from menus where id in (${grantedMenuIds(session.tenantId, session.userId)})${everyone}${byPolicy}
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
