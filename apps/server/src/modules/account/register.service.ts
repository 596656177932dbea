import { tenantSetting } from '@uc/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, unavailable, type AppError } from '../../lib/errors';
import { CAPTCHA_FAILED, hashPassword } from '../auth/auth.service';
import { enforceLimit } from '../security/rate-limit.service';
import { checkSmsCode, spendSmsCode } from '../sms/sms.service';
import { assertQuota } from '../quota/quota';
import { recordsOfTenant, tenantById } from '../tenant-policy/tenant-policy.repository';
import { checkPassword } from './password-policy';
import {
  defaultPolicy,
  insertRegistrant,
  markInviteUsed,
  newTenant,
  policyById,
  unusedInvite,
  usernameInUse,
  verifiedMobileInUse,
  type Place,
  type Policy,
} from './register.repository';
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
  if (await usernameInUse(db, input.username)) throw conflict('username: this user name is taken: choose another');
  const mobileRegistered = () => conflict('mobile: this phone number is already registered: sign in, or reset the password by SMS');
  // Another account signs in with the number. One an administrator typed somewhere (unverified) does not
  // count: the registrant has just proved the phone is theirs.
  if (await verifiedMobileInUse(db, input.mobile)) throw mobileRegistered();
  const invite = input.inviteCode ? await unusedInvite(db, input.inviteCode) : undefined;
  if (input.inviteCode && !invite) throw badRequest('inviteCode: this invitation code is not valid or was already used: check it, or ask for a new one');
  const policy = invite ? await policyById(db, invite.policyId) : await defaultPolicy(db);
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
    const place: Place = joinDefault
      ? { tenantId: policy.defaultTenantId!, deptId: policy.defaultDeptId, roleId: policy.defaultRoleId, postId: policy.defaultPostId }
      : { ...(await newTenant(tx, invite?.companyName ?? `${input.username}'s organisation`, policy)), postId: null };
    // A registrant joining an existing tenant counts against that tenant's policy like any other new user.
    if (joinDefault) await assertQuota(tx, place.tenantId, 'users');
    const created = await insertRegistrant(tx, place, { username: input.username, passwordHash, mobile: input.mobile });
    // Taken since the check above (another registration, an administrator's edit).
    if (created.outcome === 'mobileTaken') throw mobileRegistered();
    // Joining a tenant where an administrator typed the number on a user (only the phone's holder gets here).
    if (created.outcome === 'mobileInTenant') throw conflict(MOBILE_IN_JOINED_TENANT);
    const userId = created.userId;
    // Someone else used it a moment ago: undo everything.
    if (invite && !(await markInviteUsed(tx, invite.id, { id: userId, username: input.username }))) {
      throw badRequest('inviteCode: this invitation code was just used: ask for a new one');
    }
    return { id: userId, username: input.username, tenantId: place.tenantId };
  });
}
