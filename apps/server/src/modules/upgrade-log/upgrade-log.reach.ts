import type { RemotePage } from '@uc/contracts';
import { and, eq, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { remotes, tenants, upgradeLogs } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import type { Session } from '../auth/access';

/*
 * Which upgrade log entries a reader sees (README, "Pages every user opens, and the tenant policy").
 * The log is the platform's history; a tenant reads the part about what it uses:
 *
 * - the entries of an area (a remote or an addon: the entry's plugin is its registry name) with a page
 *   in the tenant's menu: a personal page (every user's), or a page its policy allows (a tenant
 *   without a policy: a page one of its roles holds, or any page every user opens). A hidden page (a
 *   detail page reached from elsewhere, such as the market's application details the app drawer
 *   opens for everyone) makes no area the tenant's;
 * - the entries an administrator wrote about no area of the console (a note about the console as a
 *   whole), whatever their plugin.
 *
 * So a tenant never reads the server's own entries (its database schema: plugin user-centre, written
 * by the server), nor those of the platform's areas its policy never allows (tenant management, the
 * market), nor those of a remote no longer registered or disabled. The platform reads everything. How a title
 * reads is not decided here (the repository renders rows); only which rows.
 */

interface TenantReach {
  /** The tenant has a policy (else: no limits). */
  policy: boolean;
  /** Addresses of the menu entries the tenant may hold. */
  paths: ReadonlySet<string>;
}

/** The menu addresses the tenant may hold: its policy's allowed menus, or without one, those its roles hold. */
async function tenantReach(db: Db, tenantId: number): Promise<TenantReach> {
  const [tenant] = await db.select({ policyId: tenants.policyId }).from(tenants).where(eq(tenants.id, tenantId));
  const policyId = tenant?.policyId ?? null;
  const rows = await rowsOf<{ path: string }>(
    db,
    policyId !== null
      ? sql`select distinct m.path from tenant_policies p cross join lateral jsonb_array_elements_text(p.menu_ids) as e(v)
          join menus m on m.id = e.v::bigint where p.id = ${policyId} and m.path <> ''`
      : sql`select distinct m.path from role_menus rm join menus m on m.id = rm.menu_id where rm.tenant_id = ${tenantId} and m.path <> ''`,
  );
  return { policy: policyId !== null, paths: new Set(rows.map((r) => r.path)) };
}

/** Whether a page of an area is in the tenant's menu. */
const inMenu = (reach: TenantReach) => (p: RemotePage) => !p.hidden && ((p.everyone === true && (!p.byPolicy || !reach.policy)) || reach.paths.has(p.path));

/**
 * The condition on upgrade_logs of the entries `session` reads (undefined: all of them, for the
 * platform). Read in the caller's tenant transaction: the registry and the menus are the platform's
 * catalogue, the tenant's row, policy and roles its own (row-level security).
 */
export async function upgradeLogReach(db: Db, session: Session): Promise<SQL | undefined> {
  if (session.tenantIsPlatform) return undefined;
  const reach = await tenantReach(db, session.tenantId);
  const registry = await db.select({ name: remotes.name, pages: remotes.pages, enabled: remotes.enabled }).from(remotes);
  const shown = inMenu(reach);
  const areas = registry.filter((r) => r.enabled && r.pages.some(shown)).map((r) => r.name);
  const registered = registry.map((r) => r.name);
  const byHand = and(isNotNull(upgradeLogs.createdBy), registered.length > 0 ? notInArray(upgradeLogs.plugin, registered) : undefined);
  return areas.length > 0 ? or(inArray(upgradeLogs.plugin, areas), byHand) : byHand;
}
