import { Status, type MemberDetail, type MemberEditBody, type RoleBatchMode } from '@uc/contracts';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { Session } from '../auth/access';
import { hashChosenPassword } from '../account/password-policy';
import { grantableRoleIds, ungrantableRoleIds } from './role-option';
import { requireDeptInScope } from '../scope/data-scope';
import { assertQuota } from '../quota/quota';
import { mobileInTenant } from './member-mobile';
import { claimUserImages } from '../upload/upload-references';
import {
  deptExists,
  endSessions,
  findMemberDetail,
  heldRoleIds,
  liveDeptOf,
  moveToRecycleBin,
  postExists,
  purgeFromRecycleBin,
  recycledMember,
  replaceRoles,
  restoreFromRecycleBin,
  setDept,
  setPasswordHash,
  setStatus,
  writeMember,
} from './member-write.repository';

// The same answer for a missing id, another tenant's and one outside the caller's data scope.
export const memberNotFound = () => notFound('The user does not exist: it may have been deleted; reload the list');

export async function viewMember(db: Db, session: Session, id: number, where: 'live' | 'any' = 'any'): Promise<MemberDetail> {
  const detail = await findMemberDetail(db, session, id, where);
  if (!detail) throw memberNotFound();
  return detail;
}

/** A user's department must be one of the tenant's own (or none). */
async function requireDeptExists(db: Db, session: Session, deptId: number | null): Promise<void> {
  if (deptId === null) return;
  if (!(await deptExists(db, session, deptId))) throw badRequest('deptId: the department does not exist');
}

/** Roles given to user `targetId` (undefined: a new user) must be ones the caller may grant. */
async function requireGrantable(db: Db, session: Session, roleIds: readonly number[], targetId: number | undefined): Promise<void> {
  const refused = await ungrantableRoleIds(db, session, roleIds, targetId);
  if (refused.length > 0)
    throw forbidden('roleIds: you may not grant role(s) {roles}: you can only grant roles you hold yourself', { roles: refused.join(', ') });
}

/** Department and post must be the tenant's own; roles must be ones the caller may grant. */
async function checkReferences(db: Db, session: Session, body: MemberEditBody): Promise<void> {
  await requireDeptExists(db, session, body.deptId);
  if (body.postId !== null && !(await postExists(db, session, body.postId))) throw badRequest('postId: the post does not exist');
  await requireGrantable(db, session, body.roleIds, body.id);
}

export const SELF_DEPT = 'deptId: you cannot move yourself to another department: ask another administrator to do it';
export const SELF_ROLES = 'roleIds: you cannot change your own roles: ask another administrator to do it';

/**
 * Through the administrators' calls nobody changes his own roles, department or status (DESIGN.md
 * section 5): each would widen or escape the very rights that let him make the call.
 */
async function refuseSelfChanges(db: Db, session: Session, body: MemberEditBody, deptId: number | null): Promise<void> {
  if (body.status !== Status.enabled) throw forbidden('status: you cannot disable your own account');
  if (body.deptId !== deptId) throw forbidden(SELF_DEPT);
  // The form sends the roles it shows; the ones the caller could not grant are kept whatever it sends.
  const held = await heldRoleIds(db, session, session.userId);
  if (changesGrantableRoles(await grantableRoleIds(db, session), held, body.roleIds)) throw forbidden(SELF_ROLES);
}

/** Whether roles `after` differ from `held` in a role the caller may grant (the others are kept whatever is sent). */
function changesGrantableRoles(grantableIds: readonly number[], held: readonly number[], after: readonly number[]): boolean {
  const grantable = new Set(grantableIds);
  const before = new Set(held.filter((r) => grantable.has(r)));
  const next = new Set(after.filter((r) => grantable.has(r)));
  return before.size !== next.size || [...next].some((r) => !before.has(r));
}

/**
 * A user's department changing from `from` to `to` (a new user: `userId` undefined): nobody moves
 * himself, and a user goes only into a department of the caller's data scope.
 */
async function checkDeptChange(db: Db, session: Session, userId: number | undefined, from: number | null | undefined, to: number | null): Promise<void> {
  if (userId !== undefined && from === to) return;
  if (userId === session.userId) throw forbidden(SELF_DEPT);
  await requireDeptInScope(db, session, to);
}

/** Roles the caller may not grant stay as they were; the grantable ones become exactly roleIds. */
async function replaceGrantableRoles(db: Db, session: Session, userId: number, roleIds: readonly number[]): Promise<void> {
  await replaceRoles(db, session, userId, await grantableRoleIds(db, session), roleIds);
}

export async function saveMember(db: Db, session: Session, body: MemberEditBody): Promise<MemberDetail> {
  const { id, password, roleIds, ...values } = body;
  await checkReferences(db, session, body);
  let from: number | null | undefined;
  if (id !== undefined) {
    const existing = await liveMemberDept(db, session, id);
    if (id === session.userId) await refuseSelfChanges(db, session, body, existing.deptId);
    from = existing.deptId;
  } else if (!password) {
    throw badRequest('password: password is required for a new user');
  }
  await checkDeptChange(db, session, id, from, body.deptId);
  await claimUserImages(db, session, id, values);
  // Hashed before the quota check: its lock queues the tenant's other user writes until commit.
  const passwordHash = id === undefined ? await hashChosenPassword(password!) : undefined;
  if (id === undefined) await assertQuota(db, session.tenantId, 'users');
  const written = await writeMember(db, session, id, values, passwordHash);
  if (written.outcome === 'usernameTaken')
    throw conflict('username: the user name "{username}" is already taken: choose another', { username: values.username });
  // A number typed here is unverified, unique within the tenant only (member-mobile.ts): a clash that
  // guardMobileClash did not see (two writes at once) is with a user of this tenant.
  if (written.outcome === 'mobileInTenant') throw mobileInTenant(values.mobile);
  await replaceGrantableRoles(db, session, written.userId, roleIds);
  if (values.status !== Status.enabled) await endSessions(db, session, written.userId);
  return viewMember(db, session, written.userId);
}

/** A live user the caller may act on, with its department; else the 404 of an unknown user. */
async function liveMemberDept(db: Db, session: Session, id: number): Promise<{ deptId: number | null }> {
  const existing = await liveDeptOf(db, session, id);
  if (!existing) throw memberNotFound();
  return existing;
}

/**
 * Moves one user to department `deptId` (the batch action 设置部门) with member/edit's checks, in its
 * order: the department exists, the user is one the caller may act on, nobody moves himself, and the
 * department is in the caller's data scope.
 */
export async function setMemberDept(db: Db, session: Session, id: number, deptId: number): Promise<void> {
  await requireDeptExists(db, session, deptId);
  const existing = await liveMemberDept(db, session, id);
  await checkDeptChange(db, session, id, existing.deptId, deptId);
  if (existing.deptId === deptId) return;
  await setDept(db, session, id, deptId);
}

/**
 * Sets (`set`: the roles the caller may grant become exactly roleIds; the others stay) or adds
 * (`add`) roles of one user (the batch action 设置角色 / 添加角色) with member/edit's checks, in its
 * order: only roles the caller may grant, a user the caller may act on, and nobody changes his own.
 */
export async function setMemberRoles(db: Db, session: Session, id: number, roleIds: readonly number[], mode: RoleBatchMode): Promise<void> {
  await requireGrantable(db, session, roleIds, id);
  await liveMemberDept(db, session, id);
  const held = await heldRoleIds(db, session, id);
  const grantable = await grantableRoleIds(db, session);
  const kept = new Set(grantable);
  const after = mode === 'set' ? [...roleIds] : [...new Set([...held.filter((r) => kept.has(r)), ...roleIds])];
  if (!changesGrantableRoles(grantable, held, after)) return;
  if (id === session.userId) throw forbidden(SELF_ROLES);
  await replaceGrantableRoles(db, session, id, after);
}

export async function setMemberStatus(db: Db, session: Session, id: number, status: number): Promise<void> {
  if (id === session.userId && status !== Status.enabled) throw forbidden('You cannot disable your own account');
  if (!(await setStatus(db, session, id, status))) throw memberNotFound();
  if (status !== Status.enabled) await endSessions(db, session, id);
}

export async function resetPassword(db: Db, session: Session, id: number, password: string): Promise<void> {
  // An administrator's reset asks for no current password: one's own goes through the account settings.
  if (id === session.userId) throw forbidden('You cannot reset your own password here: change it in your account settings, which ask for the current one');
  if (!(await setPasswordHash(db, session, id, await hashChosenPassword(password)))) throw memberNotFound();
  await endSessions(db, session, id);
}

export async function recycleMember(db: Db, session: Session, id: number): Promise<void> {
  if (id === session.userId) throw forbidden('You cannot delete your own account');
  if (!(await moveToRecycleBin(db, session, id))) throw memberNotFound();
  await endSessions(db, session, id);
}

export async function restoreMember(db: Db, session: Session, id: number): Promise<void> {
  const recycled = await recycledMember(db, session, id);
  if (!recycled) throw memberNotFound();
  await assertQuota(db, session.tenantId, 'users');
  const restored = await restoreFromRecycleBin(db, session, id);
  if (restored === 'gone') throw memberNotFound();
  // The number was free in the tenant while the user sat in the recycle bin, and another user got it.
  if (restored === 'mobileInTenant') {
    throw conflict(
      'mobile: the phone number "{mobile}" is now on another user of this tenant, so this user cannot be restored with it: remove the number from that user first, or purge this user from the recycle bin and create them again with another number',
      { mobile: recycled.mobile },
    );
  }
  // Verified by another account between the check above and this write: the same call again restores it unverified.
  if (restored === 'mobileTaken') throw conflict('The user could not be restored because its phone number changed hands at this moment: restore it again');
}

/** Only from the recycle bin: a live user must be deleted first. Roles, posts and sessions go with it. */
export async function purgeMember(db: Db, session: Session, id: number): Promise<void> {
  if (!(await purgeFromRecycleBin(db, session, id))) throw memberNotFound();
}
