import { dataScope } from '@uc/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/*
 * What a tenant policy means for the roles of the tenants on it, in one place: tenant creation
 * (registration, the tenant screens), a tenant's change of policy and an edit of the policy all come
 * here, so there is one rule.
 *
 * - Allowed menus: the policy's menu ids that still exist, plus the directories above them (a
 *   directory carries no permission; a page under it is unreachable in the menu without it).
 * - The tenant's default administrator roles (roles.is_default_admin) hold exactly the allowed menus:
 *   what the policy adds, they get; what it takes away, they lose.
 * - Every other role of the tenant keeps its menus within the allowed ones and loses the rest (it
 *   gains nothing: the tenant administrator decides who gets what the policy adds).
 * - Data scope: no role, the administrator's included, keeps a scope wider than the policy's data
 *   range; a wider one becomes the range itself. Widths, narrowest first: self (5) < own department
 *   (2) < department and below (3) < custom departments (4) < all (1). Custom departments rank just
 *   below all because its departments are picked by hand and may lie anywhere in the tree, so only
 *   "all" surely covers it; a role narrowed to custom starts with no departments (it then sees its
 *   own records only until the tenant administrator picks some), and a custom role narrowed to a
 *   relative scope loses its picked departments.
 * - The platform's own tenant is never touched, nor a tenant without a policy (no limits).
 *
 * Sessions need nothing more: the triggers of drizzle/0020 bump the tenant's auth epoch on every
 * change of role_menus and roles, in this transaction, so each user's next request is checked
 * against what the policy now allows and no cached permission outlives the change.
 *
 * Works on the system connection (registration) and in a platform caller's cross-tenant transaction
 * (row-level security then shows every tenant); it filters by tenant itself.
 */

/** Data scopes from narrowest to widest; a scope's width is its position here. */
export const DATA_SCOPE_WIDTH_ORDER = [dataScope.self, dataScope.ownDept, dataScope.deptAndBelow, dataScope.customDepts, dataScope.all] as const;

/** `scope`, or `range` when `scope` is wider (the rule above, for code that needs it outside SQL). */
export function narrowScope(scope: number, range: number): number {
  const width = (s: number) => DATA_SCOPE_WIDTH_ORDER.indexOf(s as (typeof DATA_SCOPE_WIDTH_ORDER)[number]);
  return width(scope) > width(range) ? range : scope;
}

const widthSql = (column: SQL) => sql`array_position(array[${sql.raw(DATA_SCOPE_WIDTH_ORDER.join(','))}]::smallint[], ${column})`;

/**
 * The tenants in reach (`tenantFilter` on tenants t) with their policy, and the menus each may hold,
 * as CTEs that every statement below starts with.
 */
const scoped = (tenantFilter: SQL) => sql`
  with recursive scope as (
    select t.id as tenant_id, p.menu_ids, p.data_range
    from tenants t join tenant_policies p on p.id = t.policy_id
    where not t.is_platform and ${tenantFilter}
  ), allowed(tenant_id, menu_id) as (
    select s.tenant_id, m.id
    from scope s cross join lateral jsonb_array_elements_text(s.menu_ids) as e(v) join menus m on m.id = e.v::bigint
    union
    select a.tenant_id, d.id
    from allowed a join menus c on c.id = a.menu_id join menus d on d.id = c.parent_id and d.type = 1
  )`;

async function applyWhere(tx: Db, tenantFilter: SQL): Promise<void> {
  const cte = scoped(tenantFilter);
  // Menus no longer allowed leave every role of those tenants, administrators included.
  await tx.execute(sql`${cte}
    delete from role_menus rm
    using scope s
    where rm.tenant_id = s.tenant_id
      and not exists (select 1 from allowed a where a.tenant_id = rm.tenant_id and a.menu_id = rm.menu_id)`);
  // The default administrator roles get every allowed menu they lack.
  await tx.execute(sql`${cte}
    insert into role_menus (tenant_id, role_id, menu_id)
    select r.tenant_id, r.id, a.menu_id
    from roles r join allowed a on a.tenant_id = r.tenant_id
    where r.is_default_admin
    on conflict do nothing`);
  // A custom-department role about to be narrowed to a relative scope drops its picked departments.
  await tx.execute(sql`${cte}
    delete from role_depts rd
    using roles r, scope s
    where r.tenant_id = rd.tenant_id and r.id = rd.role_id and s.tenant_id = r.tenant_id
      and r.data_scope = ${dataScope.customDepts}
      and ${widthSql(sql`r.data_scope`)} > ${widthSql(sql`s.data_range`)}`);
  await tx.execute(sql`${cte}
    update roles r set data_scope = s.data_range, updated_at = now()
    from scope s
    where r.tenant_id = s.tenant_id and ${widthSql(sql`r.data_scope`)} > ${widthSql(sql`s.data_range`)}`);
}

/**
 * Applies a tenant's current policy (tenants.policy_id) to it, in the caller's transaction: its
 * default administrator roles hold exactly the policy's allowed menus, every other role loses the
 * menus the policy does not allow and any data scope wider than the policy's data range.
 *
 * Called when a tenant is created and when a tenant's policy is changed; an edit of a policy applies
 * it to all of its tenants at once (applyPolicyToItsTenants).
 */
export async function applyTenantPolicy(tx: Db, tenantId: number): Promise<void> {
  await applyWhere(tx, sql`t.id = ${tenantId}`);
}

/**
 * applyTenantPolicy for every tenant on the policy, in four statements whatever their number (the
 * same rule, set-wise), in the transaction that changed the policy: the change and its effect on every
 * tenant commit together or not at all.
 */
export async function applyPolicyToItsTenants(tx: Db, policyId: number): Promise<void> {
  await applyWhere(tx, sql`t.policy_id = ${policyId}`);
}
