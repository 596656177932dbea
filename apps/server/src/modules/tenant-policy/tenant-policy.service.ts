import { Status, tenantSetting, type TenantPolicyEditBody, type TenantPolicyRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Session } from '../auth/access';
import { holdingsOf, holdsMenu } from '../role/role.holdings';
import { applyPolicyToItsTenants } from './policy-apply';
import {
  clearOtherDefaults,
  findPolicy,
  insertPolicy,
  lockPolicy,
  menusAmong,
  recordsOfTenant,
  removePolicy,
  tenantById,
  tenantsOnPolicy,
  unusedInvitesOfPolicy,
  updatePolicy,
  type PolicyRecord,
  type PolicyValues,
  type Users,
} from './tenant-policy.repository';

const policyMissing = () => notFound('The tenant policy does not exist: it may have been deleted; reload the list');

/** A policy's details; refused when it does not exist. */
export async function viewPolicy(db: Db, id: number): Promise<TenantPolicyRow> {
  const policy = await findPolicy(db, id);
  if (!policy) throw policyMissing();
  return policy;
}

/** The policy's row, locked until the transaction ends; refused when it does not exist. */
async function lockExisting(db: Db, id: number): Promise<PolicyRecord> {
  const policy = await lockPolicy(db, id);
  if (!policy) throw policyMissing();
  return policy;
}

/*
 * The rules of tenant policies (spec section 3, issue 13):
 * - Exactly one default: registration without an invitation runs under it. Marking a policy the
 *   default takes the flag from the previous one in the same transaction (a unique index on the flag,
 *   drizzle/0025, keeps two concurrent edits from both winning). The flag is never taken away
 *   silently: unmarking the default, disabling it or deleting it is refused with a message saying
 *   to mark another policy the default instead.
 * - Registration defaults (tenant setting 2): the tenant, and its department, role and post, must
 *   exist and belong to that tenant; the platform's own tenant is refused (a registrant there would
 *   be staff of the platform). Setting 1 keeps no defaults.
 * - Allowed menus must exist, and, as with roles, nobody allows what they do not hold themselves
 *   (entries the policy already allows stay, whoever edits it).
 * - An edit applies to every tenant on the policy in its own transaction (policy-apply.ts).
 */

/** Names quoted in a refusal: the first few, beside the total. */
const NAMES_SHOWN = 5;

const ONE_DEFAULT_UQ = 'tenant_policies_one_default_uq';
const defaultRace = () => conflict('Another policy was made the default at the same moment: reload the list and try again');

/** Refuses registration defaults that do not hold together (also the site settings page's check, modules/site). */
export async function checkRegistrationDefaults(
  db: Db,
  body: Pick<TenantPolicyEditBody, 'tenantSetting' | 'defaultTenantId' | 'defaultDeptId' | 'defaultRoleId' | 'defaultPostId'>,
): Promise<void> {
  if (body.tenantSetting !== tenantSetting.joinDefault) return;
  if (body.defaultTenantId === null) throw badRequest('defaultTenantId: choose the tenant that registrants join (tenant setting 2)');
  const tenant = await tenantById(db, body.defaultTenantId);
  if (!tenant) throw badRequest('defaultTenantId: the tenant does not exist: it may have been deleted; choose another');
  if (tenant.isPlatform) throw badRequest("defaultTenantId: registrants cannot join the platform's own tenant: choose a customer tenant");
  const params = { tenant: tenant.name };
  if (body.defaultDeptId === null) throw badRequest('defaultDeptId: choose the department of {tenant} that registrants join', params);
  if (body.defaultRoleId === null) throw badRequest('defaultRoleId: choose the role of {tenant} that registrants get', params);
  if (body.defaultPostId === null) throw badRequest('defaultPostId: choose the post of {tenant} that registrants get', params);
  const found = await recordsOfTenant(db, tenant.id, { deptId: body.defaultDeptId, roleId: body.defaultRoleId, postId: body.defaultPostId });
  if (!found.dept) throw badRequest('defaultDeptId: {tenant} has no such department: choose one of its departments', params);
  if (!found.role) throw badRequest('defaultRoleId: {tenant} has no such role: choose one of its roles', params);
  if (!found.post) throw badRequest('defaultPostId: {tenant} has no such post: choose one of its posts', params);
}

async function checkMenus(db: Db, session: Session, menuIds: number[], before: readonly number[]): Promise<void> {
  const found = await menusAmong(db, menuIds);
  const known = new Set(found.map((m) => m.id));
  const unknown = menuIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest('menuIds: the menus {ids} do not exist: reload the menu tree and choose again', { ids: unknown.join(', ') });
  const had = new Set(before);
  const holdings = await holdingsOf(db, session);
  const notHeld = found.filter((m) => !had.has(m.id) && !holdsMenu(holdings, m.id));
  if (notHeld.length > 0) {
    throw badRequest('menuIds: you can allow only menus you hold yourself, and not these: {names}', {
      names: notHeld
        .slice(0, NAMES_SHOWN)
        .map((m) => m.name)
        .join(', '),
    });
  }
}

export async function savePolicy(db: Db, session: Session, body: TenantPolicyEditBody): Promise<TenantPolicyRow> {
  const { id, ...input } = body;
  const existing = id === undefined ? undefined : await lockExisting(db, id);
  if (existing?.isDefault && !input.isDefault) {
    throw conflict(
      'isDefault: {title} is the default policy, which registration without an invitation runs under: to change the default, mark another policy as the default instead',
      { title: existing.title },
    );
  }
  if (input.isDefault && input.status !== Status.enabled) {
    throw badRequest('status: the default policy cannot be disabled, since registration runs under it: enable it, or make another policy the default first');
  }
  await checkRegistrationDefaults(db, input);
  const menuIds = [...new Set(input.menuIds)].sort((a, b) => a - b);
  await checkMenus(db, session, menuIds, existing?.menuIds ?? []);
  const joins = input.tenantSetting === tenantSetting.joinDefault;
  const values: PolicyValues = {
    ...input,
    menuIds,
    // Only a policy whose registrants join an existing tenant has defaults; none linger otherwise.
    defaultTenantId: joins ? input.defaultTenantId : null,
    defaultDeptId: joins ? input.defaultDeptId : null,
    defaultRoleId: joins ? input.defaultRoleId : null,
    defaultPostId: joins ? input.defaultPostId : null,
  };
  try {
    if (input.isDefault) await clearOtherDefaults(db, id);
    const savedId = id ?? (await insertPolicy(db, values));
    if (id !== undefined) {
      await updatePolicy(db, id, values);
      // Allowed menus and data range reach every tenant on the policy now, with this commit.
      await applyPolicyToItsTenants(db, id);
    }
    return await viewPolicy(db, savedId);
  } catch (err) {
    if (isUniqueViolation(err, ONE_DEFAULT_UQ)) throw defaultRace();
    throw err;
  }
}

export async function setPolicyStatus(db: Db, id: number, status: number): Promise<TenantPolicyRow> {
  const policy = await lockExisting(db, id);
  if (policy.isDefault && status !== Status.enabled) {
    throw conflict('{title} is the default policy, which registration without an invitation runs under: make another policy the default before disabling it', {
      title: policy.title,
    });
  }
  if (policy.status !== status) await updatePolicy(db, id, { status });
  return viewPolicy(db, id);
}

const names = (users: Users) => users.names.join(', ');

export async function deletePolicy(db: Db, id: number): Promise<void> {
  const policy: PolicyRecord = await lockExisting(db, id);
  const params = { title: policy.title };
  if (policy.isDefault) throw conflict('{title} is the default policy and cannot be deleted: make another policy the default first', params);
  const onIt = await tenantsOnPolicy(db, id, NAMES_SHOWN);
  if (onIt.count > 0) {
    throw conflict(
      onIt.count > NAMES_SHOWN
        ? '{title} is used by {count} tenants, among them {names}: move them to another policy first'
        : '{title} is used by {count} tenant(s): {names}: move them to another policy first',
      { ...params, count: onIt.count, names: names(onIt) },
    );
  }
  const invites = await unusedInvitesOfPolicy(db, id, NAMES_SHOWN);
  if (invites.count > 0) {
    throw conflict(
      invites.count > NAMES_SHOWN
        ? '{title} is used by {count} unused invitations, among them {names}: delete them or give them another policy first'
        : '{title} is used by {count} unused invitation(s): {names}: delete them or give them another policy first',
      { ...params, count: invites.count, names: names(invites) },
    );
  }
  await removePolicy(db, id);
}
