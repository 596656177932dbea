import { Status, tenantSetting, userSource } from '@uc/contracts';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depts, roles, tenantInvites, tenantPolicies, tenants, userPosts, userRoles, users } from '../../db/schema';
import { badRequest, conflict, forbidden, unavailable, type AppError } from '../../lib/errors';
import { CAPTCHA_FAILED, hashPassword } from '../auth/auth.service';
import { isMobileInTenant, isMobileTaken, verifiedKeyOf, verifiedMobileIs } from '../member/member-mobile';
import { enforceLimit } from '../security/rate-limit.repository';
import { checkSmsCode, spendSmsCode } from '../sms/sms.service';
import { assertQuota } from '../quota/quota';
import { applyTenantPolicy } from '../tenant-policy/policy-apply';
import { recordsOfTenant, tenantById } from '../tenant-policy/tenant-policy.repository';
import { checkPassword } from './password-policy';
import { inTransaction } from '../../db/typed';

/*
 * Registration (issue 3): by the default tenant policy's tenant setting (1 a new tenant whose default
 * administrator is the registrant, 2 join the policy's default tenant with its default department,
 * role and post), or by a valid unused invitation (a new tenant named after the invite's company,
 * under the invite's policy). Runs on the system connection (reviewed bypass: it creates tenants).
 * Limited per IP and per phone number; nothing about existing accounts is said before the SMS code
 * is right (issue 10).
 */

export interface RegisterInput {
  username: string;
  password: string;
  mobile: string;
  code: string;
  inviteCode?: string;
  registerSwitch: boolean;
  forceInvite: boolean;
  /** The client's address, for the per-IP limit. */
  ip: string;
}

export const REGISTER_PER_IP_PER_HOUR = 20;
export const MOBILE_IN_JOINED_TENANT =
  'mobile: a user of the organisation you are joining already has this phone number: ask its administrator for that account (and verify the number in its account settings), or register with another number';
export const REGISTER_PER_MOBILE_PER_HOUR = 10;

type Policy = typeof tenantPolicies.$inferSelect;

/**
 * Tenant setting 1 (and every invitation): a new tenant with its top department named after it and a
 * default administrator role; what the role holds is the policy's rule (policy-apply.ts, the same rule
 * a policy edit applies): exactly the allowed menus, data scope within the policy's data range.
 */
async function newTenant(tx: Db, name: string, policy: Policy): Promise<{ tenantId: number; deptId: number; roleId: number }> {
  const [tenant] = await tx
    .insert(tenants)
    .values({ name, code: `t-${randomBytes(5).toString('hex')}`, policyId: policy.id })
    .returning({ id: tenants.id });
  const tenantId = tenant!.id;
  const [dept] = await tx.insert(depts).values({ tenantId, name }).returning({ id: depts.id });
  const [role] = await tx.insert(roles).values({ tenantId, name: '管理员', key: 'admin', dataScope: 1, isDefaultAdmin: true }).returning({ id: roles.id });
  await applyTenantPolicy(tx, tenantId);
  return { tenantId, deptId: dept!.id, roleId: role!.id };
}

/**
 * Tenant setting 2 joins registrants to the policy's default tenant, department, role and post: the
 * refusal naming the first of them the policy lacks (never set, or deleted since), or undefined.
 */
async function missingJoinDefault(db: Db, policy: Policy): Promise<AppError | undefined> {
  const title = { title: policy.title };
  const tenant = policy.defaultTenantId === null ? undefined : await tenantById(db, policy.defaultTenantId);
  if (!tenant || tenant.isPlatform) {
    return unavailable(
      'Registration is not set up: the default tenant policy "{title}" names no tenant for registrants to join (or it was deleted): the platform administrator must choose one in the policy',
      title,
    );
  }
  const found = await recordsOfTenant(db, tenant.id, { deptId: policy.defaultDeptId, roleId: policy.defaultRoleId, postId: policy.defaultPostId });
  const params = { ...title, tenant: tenant.name };
  if (!found.dept) {
    return unavailable(
      'Registration is not set up: the default tenant policy "{title}" names no department of {tenant} for registrants (or it was deleted): the platform administrator must choose one in the policy',
      params,
    );
  }
  if (!found.role) {
    return unavailable(
      'Registration is not set up: the default tenant policy "{title}" names no role of {tenant} for registrants (or it was deleted): the platform administrator must choose one in the policy',
      params,
    );
  }
  if (!found.post) {
    return unavailable(
      'Registration is not set up: the default tenant policy "{title}" names no post of {tenant} for registrants (or it was deleted): the platform administrator must choose one in the policy',
      params,
    );
  }
  return undefined;
}

export async function register(db: Db, input: RegisterInput): Promise<{ id: number; username: string; tenantId: number }> {
  if (!input.registerSwitch) throw forbidden('Registration is closed: ask an administrator for an account');
  await enforceLimit(db, `register:ip:${input.ip}`, REGISTER_PER_IP_PER_HOUR, 3600, 'registration attempts from this address');
  await enforceLimit(db, `register:mobile:${input.mobile}`, REGISTER_PER_MOBILE_PER_HOUR, 3600, 'registration attempts for this phone number');
  if (input.forceInvite && !input.inviteCode) throw badRequest('inviteCode: an invitation code is required to register here: ask the platform for one');
  // Before the code is checked: a refused password must not cost the person one of its guesses.
  checkPassword(input.password);
  // The code proves the phone is theirs. Before it, no answer may depend on which names, numbers or
  // invitations exist, or anyone could ask. It is only checked here, and spent with the account below,
  // so someone told their name is taken can choose another with the same code.
  if (!(await checkSmsCode(db, input.mobile, 'register', input.code))) throw badRequest(CAPTCHA_FAILED);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`);
  if (taken) throw conflict('username: this user name is taken: choose another');
  const mobileRegistered = () => conflict('mobile: this phone number is already registered: sign in, or reset the password by SMS');
  // Another account signs in with the number. One an administrator typed somewhere (unverified) does not
  // count: the registrant has just proved the phone is theirs.
  const [mobileTaken] = await db.select({ id: users.id }).from(users).where(verifiedMobileIs(input.mobile));
  if (mobileTaken) throw mobileRegistered();
  const [invite] = input.inviteCode
    ? await db
        .select()
        .from(tenantInvites)
        .where(and(eq(tenantInvites.code, input.inviteCode), eq(tenantInvites.used, false)))
    : [];
  if (input.inviteCode && !invite) throw badRequest('inviteCode: this invitation code is not valid or was already used: check it, or ask for a new one');
  const [policy] = invite
    ? await db.select().from(tenantPolicies).where(eq(tenantPolicies.id, invite.policyId))
    : await db
        .select()
        .from(tenantPolicies)
        .where(and(eq(tenantPolicies.isDefault, true), eq(tenantPolicies.status, Status.enabled)))
        .orderBy(asc(tenantPolicies.id))
        .limit(1);
  if (!policy && invite) throw badRequest('inviteCode: the tenant policy of this invitation was deleted: ask the platform for a new invitation');
  if (!policy) throw unavailable('Registration is not set up: there is no default tenant policy; tell the platform administrator');
  if (!invite && policy.tenantSetting === tenantSetting.joinDefault) {
    const missing = await missingJoinDefault(db, policy);
    if (missing) throw missing;
  }
  const passwordHash = await hashPassword(input.password);

  return inTransaction(db, async (tx) => {
    // Spent with the account, so a refusal below (rolled back) leaves the code usable.
    if (!(await spendSmsCode(tx, input.mobile, 'register', input.code))) throw badRequest(CAPTCHA_FAILED);
    const joinDefault = !invite && policy.tenantSetting === tenantSetting.joinDefault;
    const place = joinDefault
      ? { tenantId: policy.defaultTenantId!, deptId: policy.defaultDeptId, roleId: policy.defaultRoleId, postId: policy.defaultPostId }
      : { ...(await newTenant(tx, invite?.companyName ?? `${input.username}'s organisation`, policy)), postId: null };
    // A registrant joining an existing tenant counts against that tenant's policy like any other new user.
    if (joinDefault) await assertQuota(tx, place.tenantId, 'users');
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: place.tenantId,
        username: input.username,
        passwordHash,
        mobile: input.mobile,
        verifiedMobile: verifiedKeyOf(input.mobile),
        deptId: place.deptId,
        postId: place.postId,
        source: userSource.registered,
      })
      .returning({ id: users.id })
      .catch((err: unknown) => {
        // Taken since the check above (another registration, an administrator's edit).
        if (isMobileTaken(err)) throw mobileRegistered();
        // Joining a tenant where an administrator typed the number on a user (only the phone's holder gets here).
        if (isMobileInTenant(err)) throw conflict(MOBILE_IN_JOINED_TENANT);
        throw err;
      });
    const userId = user!.id;
    if (place.roleId) await tx.insert(userRoles).values({ tenantId: place.tenantId, userId, roleId: place.roleId });
    if (place.postId) await tx.insert(userPosts).values({ tenantId: place.tenantId, userId, postId: place.postId });
    if (invite) {
      const marked = await tx
        .update(tenantInvites)
        .set({ used: true, usedUserId: userId, usedUsername: input.username, usedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(tenantInvites.id, invite.id), eq(tenantInvites.used, false)))
        .returning({ id: tenantInvites.id });
      // Someone else used it a moment ago: undo everything.
      if (marked.length === 0) throw badRequest('inviteCode: this invitation code was just used: ask for a new one');
    }
    return { id: userId, username: input.username, tenantId: place.tenantId };
  });
}
