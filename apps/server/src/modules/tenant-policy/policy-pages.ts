import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/typed';
import { forbidden } from '../../lib/errors';
import type { Session } from '../auth/access';

/*
 * Pages open to every user, and what a tenant's policy says about them (README, "Pages every user
 * opens, and the tenant policy"). A remote declares such a page `everyone`; two kinds:
 *
 * - personal (`everyone` alone: 我的账号, 我的消息): every signed-in user's whatever the policy, since
 *   the user menu and the message badge lead there from every page;
 * - `everyone` with `byPolicy` (工作台, 升级日志): every user of the platform, of a tenant without a
 *   policy (no limits), and of a tenant whose policy allows the page's menu entry. A policy that does
 *   not allow it takes it from the tenant: out of the menu (visibleMenus), and the page's calls refused
 *   (requirePolicyPage).
 *
 * Read in the caller's tenant transaction: row-level security lets a tenant read its own tenant row
 * and its own policy (drizzle/0015, own_policy_read).
 */

/**
 * SQL: whether the tenant's policy allows the menu entry `menuId` (an SQL expression), counting the
 * platform and a tenant without a policy as allowing everything.
 */
export const policyAllowsMenu = (tenantId: number, menuId: SQL): SQL => sql`exists (
  select 1 from tenants t left join tenant_policies p on p.id = t.policy_id
  where t.id = ${tenantId} and (t.is_platform or t.policy_id is null or p.menu_ids @> jsonb_build_array(${menuId})))`;

/** Whether the caller's tenant may open the policy-governed page at `path`: its policy allows the page's menu entry. */
export async function policyAllowsPage(db: Db, session: Session, path: string): Promise<boolean> {
  if (session.tenantIsPlatform) return true;
  const rows = await rowsOf<{ ok: number }>(
    db,
    sql`select 1 as ok from menus m where m.path = ${path} and ${policyAllowsMenu(session.tenantId, sql`m.id`)} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Refuses (403) a call of a policy-governed page the caller's tenant policy does not allow, with
 * `refusal` (a literal message naming the page and saying to ask the platform administrators).
 */
export async function requirePolicyPage(db: Db, session: Session, path: string, refusal: string): Promise<void> {
  if (!(await policyAllowsPage(db, session, path))) throw forbidden(refusal);
}
