import { randomBytes } from 'node:crypto';
import { Status, tenantExpiryInstant, type TenantEditBody, type TenantEditResult, type TenantRow } from '@uc/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../auth/auth.service';
import { revokeTenantSessions } from '../auth/session.repository';
import { checkPassword } from '../account/password-policy';
import { applyTenantPolicy } from '../tenant-policy/policy-apply';
import { findTenant } from './tenant.repository';
import {
  insertTenant,
  insertTenantAdmin,
  lockTenant as lockTenantRow,
  policyDefaultingTo,
  policyStatus,
  removeTenant,
  updateTenantRow,
  updateTenantStatus,
  userCounts,
  type TenantValues,
} from './tenant-write.repository';

/*
 * The platform's writes on tenants. Each runs inside the call's one transaction (the route registrar
 * opens it; tenant.routes.ts makes it cross-tenant), so a refusal at any step, the last included,
 * rolls back every row written before it: nothing is ever half-made.
 */

export const PLATFORM_NOT_DISABLED = 'The platform tenant cannot be disabled: its administrators run the console for every tenant';
export const PLATFORM_NOT_DELETED = 'The platform tenant cannot be deleted: it is the one that administers every tenant';
export const POLICY_REQUIRED = 'policyId: choose the tenant policy the tenant runs under';
const POLICY_MISSING = 'policyId: the tenant policy does not exist: choose one of the list';
const POLICY_DISABLED = 'policyId: the tenant policy is disabled: enable it or choose another';

export const TENANT_MISSING = 'The tenant does not exist: it may have been deleted; reload the list';
const tenantMissing = () => notFound(TENANT_MISSING);

/** A tenant's details; refused when it does not exist. */
export async function viewTenant(db: Db, id: number): Promise<TenantRow> {
  const tenant = await findTenant(db, id);
  if (!tenant) throw tenantMissing();
  return tenant;
}

/** The tenant's administrator role: the spec's 'default administrator'; what it holds is the policy's (policy-apply.ts). */
const ADMIN_ROLE = { name: '管理员', key: 'admin' };

/** A password for the administrator when the creator typed none: 16 URL-safe characters, 96 random bits. */
export const generatePassword = (): string => randomBytes(12).toString('base64url');

/** The tenant, locked for the change (lockTenantRow), else the 404 of an unknown tenant. */
async function lockTenant(tx: Db, id: number) {
  const tenant = await lockTenantRow(tx, id);
  if (!tenant) throw tenantMissing();
  return tenant;
}

/** The policy a tenant is put on must exist and be enabled (one it already runs under may since have been disabled). */
async function checkPolicy(tx: Db, policyId: number | null, current?: number | null): Promise<void> {
  if (policyId === null) throw badRequest(POLICY_REQUIRED);
  const status = await policyStatus(tx, policyId);
  if (status === undefined) throw badRequest(POLICY_MISSING);
  if (status !== Status.enabled && policyId !== current) throw badRequest(POLICY_DISABLED);
}

const tenantValues = (b: TenantEditBody): TenantValues => ({
  name: b.name,
  code: b.code,
  leader: b.leader,
  phone: b.phone,
  email: b.email,
  policyId: b.policyId,
  expiresAt: b.expiresAt === null ? null : tenantExpiryInstant(b.expiresAt),
  status: b.status,
  remark: b.remark,
});

/**
 * A new tenant, whole: the tenant, its top department named after it, its administrator role (the
 * policy's allowed menus and data range, applied by the one policy rule) and its administrator user
 * in that department with that role. The password is the one typed (checked by the password policy)
 * or a generated one, answered here once and stored only as its hash.
 */
export async function createTenant(tx: Db, b: TenantEditBody): Promise<TenantEditResult> {
  await checkPolicy(tx, b.policyId);
  const values = tenantValues(b);
  if (values.expiresAt && values.expiresAt.getTime() <= Date.now()) {
    throw badRequest('expiresAt: the licence would already have ended on {date}: choose a later day, or none for a licence that never expires', {
      date: b.expiresAt ?? '',
    });
  }
  if (b.adminPassword) checkPassword(b.adminPassword, 'adminPassword');
  const generatedPassword = b.adminPassword ? null : generatePassword();
  // Hashed before the first write: argon2 takes a while, and no lock need be held meanwhile.
  const passwordHash = await hashPassword(b.adminPassword || generatedPassword!);

  const place = await insertTenant(tx, values, ADMIN_ROLE);
  // Last: user names are unique across tenants, so this is the step most likely refused, and everything
  // above goes back with it. The number is unverified (member-mobile.ts): unique only within this new
  // tenant, so it clashes with nothing; the administrator verifies it in their account settings.
  const admin = await insertTenantAdmin(tx, place, { username: b.adminUsername, passwordHash, realName: b.adminRealName, mobile: b.adminMobile });
  if (admin === 'usernameTaken') throw conflict('adminUsername: the user name "{username}" is already taken: choose another', { username: b.adminUsername });
  const tenantId = place.tenantId;
  return { tenant: await viewTenant(tx, tenantId), generatedPassword };
}

/**
 * A tenant's own fields. A new policy applies at once (its roles' menus and data scopes); disabling
 * ends its users' sessions here, in the same transaction. The platform tenant stays enabled, without
 * expiry and without a policy: its administrators hold every menu.
 */
export async function updateTenant(tx: Db, id: number, b: TenantEditBody): Promise<TenantEditResult> {
  const before = await lockTenant(tx, id);
  if (before.isPlatform) {
    if (b.status !== Status.enabled) throw badRequest('status: the platform tenant cannot be disabled: its administrators run the console for every tenant');
    if (b.expiresAt !== null) throw badRequest('expiresAt: the platform tenant never expires: leave the expiry empty');
    if (b.policyId !== null) throw badRequest('policyId: the platform tenant runs under no policy (its administrators hold every menu): leave it empty');
  } else {
    await checkPolicy(tx, b.policyId, before.policyId);
  }
  await updateTenantRow(tx, id, tenantValues(b));
  if (b.policyId !== before.policyId) await applyTenantPolicy(tx, id);
  if (before.status === Status.enabled && b.status !== Status.enabled) await revokeTenantSessions(tx, id);
  return { tenant: await viewTenant(tx, id), generatedPassword: null };
}

/** Enables or disables a tenant; disabling ends every session of its users at once (their next call: 61). */
export async function setTenantStatus(tx: Db, id: number, status: number): Promise<void> {
  const tenant = await lockTenant(tx, id);
  if (tenant.isPlatform && status !== Status.enabled) throw conflict(PLATFORM_NOT_DISABLED);
  if (tenant.status === status) return;
  await updateTenantStatus(tx, id, status);
  if (status !== Status.enabled) await revokeTenantSessions(tx, id);
}

/**
 * Deletes a tenant that has no users left, live or in the recycle bin (purging them is a choice of
 * its own, made user by user), with its departments, roles, posts, notices and logs. The tenant row
 * is locked first, so a user created at the same moment either is counted here or fails after.
 */
export async function deleteTenant(tx: Db, id: number): Promise<void> {
  const tenant = await lockTenant(tx, id);
  if (tenant.isPlatform) throw conflict(PLATFORM_NOT_DELETED);
  const { live, deleted } = await userCounts(tx, id);
  if (live + deleted > 0) {
    throw conflict(
      'The tenant "{name}" still has users ({live} active, {deleted} in the recycle bin): delete them and empty its recycle bin in the tenant\'s details first, then delete the tenant',
      { name: tenant.name, live, deleted },
    );
  }
  const usedBy = await policyDefaultingTo(tx, id);
  if (usedBy !== undefined) {
    throw conflict(
      'The tenant "{name}" is the default tenant of the policy "{policy}" (registration puts new users in it): choose another default tenant in that policy first',
      { name: tenant.name, policy: usedBy },
    );
  }
  // Its departments, roles, posts, notices and logs go with it (tenant-write.repository.ts).
  await removeTenant(tx, id);
}
