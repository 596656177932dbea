import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  BATCH_MAX_IDS,
  forceLogoutBatchCall,
  memberDeleteBatchCall,
  memberDeptBatchCall,
  memberRestoreBatchCall,
  memberRolesBatchCall,
  memberStatusBatchCall,
  type BatchResult,
  type CallContract,
} from '@uc/contracts';
import { renderMessage } from '@uc/contracts/messages';
import { auditLogs, depts, roles, sessions, userRoles, users } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { OUTSIDE_SCOPE_DEPT } from '../scope/data-scope';
import { ACT_ON_MORE_PERMISSIONS } from './member-coverage';
import { FORCE_LOGOUT_SELF } from './member-session.routes';
import { SELF_DEPT, SELF_ROLES } from './member-write.service';

/*
 * The user list's batch actions (issue 28, point 1): one call per action, each row checked by the
 * single-row call's code (coverage guard, data scope, oneself...) and answered on its own, refused
 * rows leaving nothing behind. Tenant tree: root > A > A1, root > B; the sub-administrator sits in A
 * with the user screen's menus and buttons and scope 3 (A and below).
 */

let t: TestApp;
let tenantId: number;
let dept: Record<'root' | 'a' | 'a1' | 'b', number>;
let sub: { id: number; token: string; roleId: number };
let strong: number;
let outside: number;
const MISSING = 2 ** 31 - 7;
const NOT_FOUND = 'The user does not exist: it may have been deleted; reload the list';

let serial = 0;
const weak = async (deptId = dept.a1, mobile = '') => {
  serial += 1;
  return createUser(t.db, { username: `batch.weak${serial}`, tenantId, deptId, mobile });
};

beforeAll(async () => {
  t = await createTestApp();
  const made = await createTenant(t.db, { code: 'batch' });
  tenantId = made.tenantId;
  const add = async (name: string, parentId: number) => (await t.db.insert(depts).values({ tenantId, name, parentId }).returning({ id: depts.id }))[0]!.id;
  const a = await add('A', made.deptId);
  dept = { root: made.deptId, a, a1: await add('A1', a), b: await add('B', made.deptId) };
  const subId = await createUser(t.db, { username: 'batch.sub', tenantId, deptId: dept.a, menuPaths: ['/org/user'], withButtons: true, dataScope: 3 });
  const [role] = await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, subId));
  sub = { id: subId, token: await tokenFor(t.db, tenantId, subId), roleId: role!.id };
  // Holds every menu of the user screen and the role screen too: more than the sub-administrator.
  strong = await createUser(t.db, { username: 'batch.strong', tenantId, deptId: dept.a1, menuPaths: ['/org/user', '/permission/role'], withButtons: true });
  outside = await weak(dept.b);
});
afterAll(() => t.close());

const batch = async (call: CallContract, body: object, as = sub.token, language = 'en-US') => {
  const res = await t.app.inject({ method: 'POST', url: call.path, payload: body, headers: { ...auth(as), 'accept-language': language } });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: BatchResult } };
};
/** id → [status, message] of each row. */
const rows = (data: BatchResult) => data.results.map((r) => [r.id, r.done ? 'done' : r.status, r.message]);
const statusOf = async (id: number) => (await t.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]!.status;
const liveSessions = async (id: number) =>
  (
    await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
  ).length;
const audited = async (action: string) =>
  (await t.db.select({ target: auditLogs.target, fields: auditLogs.fields }).from(auditLogs).where(eq(auditLogs.action, action))).map((a) => [
    a.target,
    a.fields,
  ]);

describe('batch status', () => {
  it('answers each row: done, or refused with the single-row refusal; refused rows change nothing', async () => {
    const [w1, w2] = [await weak(), await weak()];
    await tokenFor(t.db, tenantId, w1);
    await tokenFor(t.db, tenantId, strong);
    const r = await batch(memberStatusBatchCall, { ids: [w1, strong, outside, sub.id, MISSING, w2, w1], status: 2 });
    expect(r.status).toBe(200);
    expect(rows(r.body.data)).toEqual([
      [w1, 'done', ''],
      [strong, 403, ACT_ON_MORE_PERMISSIONS],
      [outside, 404, NOT_FOUND],
      [sub.id, 403, 'You cannot disable your own account'],
      [MISSING, 404, NOT_FOUND],
      [w2, 'done', ''],
    ]);
    expect([r.body.data.done, r.body.data.refused]).toEqual([2, 4]);
    expect([await statusOf(w1), await statusOf(w2), await statusOf(strong), await statusOf(outside), await statusOf(sub.id)]).toEqual([2, 2, 1, 1, 1]);
    // Disabling ends the sessions of the rows done only.
    expect([await liveSessions(w1), await liveSessions(strong)]).toEqual([0, 1]);
    // One audit entry per row done, naming the batch call, the row and its fields.
    expect(await audited(memberStatusBatchCall.path)).toEqual([
      [String(w1), ['id', 'status']],
      [String(w2), ['id', 'status']],
    ]);
  });

  it("answers the refusals in the reader's language", async () => {
    const r = await batch(memberStatusBatchCall, { ids: [strong, sub.id], status: 2 }, sub.token, 'zh-CN');
    expect(r.body.data.results.map((x) => x.message)).toEqual([
      renderMessage(ACT_ON_MORE_PERMISSIONS, undefined, 'zh-CN'),
      renderMessage('You cannot disable your own account', undefined, 'zh-CN'),
    ]);
    expect(r.body.data.results[0]!.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('needs the permission of the single-row call, no other', async () => {
    // The user screen's page grants member/status (its switch), not member/delete (a button).
    const lister = await createUser(t.db, { username: 'batch.lister', tenantId, deptId: dept.a, menuPaths: ['/org/user'] });
    const token = await tokenFor(t.db, tenantId, lister);
    const w = await weak();
    const allowed = await batch(memberStatusBatchCall, { ids: [w], status: 2 }, token);
    expect(rows(allowed.body.data)).toEqual([[w, 'done', '']]);
    const refused = await batch(memberDeleteBatchCall, { ids: [w] }, token);
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'You do not have permission to call /user/admin/member/delete: ask an administrator to grant it to your role',
    ]);
    expect(await statusOf(w)).toBe(2);
  });

  it(`takes at most ${BATCH_MAX_IDS} ids, and at least one`, async () => {
    const many = Array.from({ length: BATCH_MAX_IDS + 1 }, (_, i) => MISSING - i);
    const over = await batch(memberStatusBatchCall, { ids: many, status: 2 });
    expect([over.status, over.body.message]).toEqual([400, `At most ${BATCH_MAX_IDS} rows at once: send the rest in another call`]);
    const none = await batch(memberStatusBatchCall, { ids: [], status: 2 });
    expect([none.status, none.body.message]).toEqual([400, 'Choose at least one row']);
    const full = await batch(memberStatusBatchCall, { ids: many.slice(1), status: 2 });
    expect([full.status, full.body.data.refused, full.body.data.results.length]).toEqual([200, BATCH_MAX_IDS, BATCH_MAX_IDS]);
  });
});

describe('batch delete, restore and force logout', () => {
  it('moves users to the recycle bin, never oneself or a stronger user', async () => {
    const w = await weak();
    const r = await batch(memberDeleteBatchCall, { ids: [w, sub.id, strong] });
    expect(rows(r.body.data)).toEqual([
      [w, 'done', ''],
      [sub.id, 403, 'You cannot delete your own account'],
      [strong, 403, ACT_ON_MORE_PERMISSIONS],
    ]);
    const left = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, [w, sub.id, strong]), isNull(users.deletedAt)));
    expect(left.map((u) => u.id).sort()).toEqual([sub.id, strong].sort());
  });

  it('restores from the recycle bin; a row whose write fails in the database leaves the others done (savepoints)', async () => {
    const clashing = await weak(dept.a1, '13912340001');
    const fine = await weak();
    const live = await weak();
    await t.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(inArray(users.id, [clashing, fine]));
    // The number went to another user while the first sat in the recycle bin: its restore fails on a unique index.
    await weak(dept.a1, '13912340001');
    const r = await batch(memberRestoreBatchCall, { ids: [clashing, live, fine] });
    expect(rows(r.body.data)).toEqual([
      [
        clashing,
        409,
        'The phone number "13912340001" is now on another user of this tenant, so this user cannot be restored with it: remove the number from that user first, or purge this user from the recycle bin and create them again with another number',
      ],
      [live, 404, NOT_FOUND],
      [fine, 'done', ''],
    ]);
    const back = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, [clashing, fine]), isNull(users.deletedAt)));
    expect(back.map((u) => u.id)).toEqual([fine]);
    expect(await audited(memberRestoreBatchCall.path)).toEqual([[String(fine), ['id']]]);
  });

  it('ends the sessions of each user, not of oneself (as the single call now says too)', async () => {
    const w = await weak();
    await tokenFor(t.db, tenantId, w);
    await tokenFor(t.db, tenantId, w);
    const r = await batch(forceLogoutBatchCall, { ids: [w, sub.id, outside] });
    expect(rows(r.body.data)).toEqual([
      [w, 'done', ''],
      [sub.id, 403, FORCE_LOGOUT_SELF],
      [outside, 404, `There is no user ${outside} in your tenant: reload the user list`],
    ]);
    expect([await liveSessions(w), await liveSessions(sub.id)]).toEqual([0, 1]);
    const single = await t.app.inject({ method: 'POST', url: '/user/admin/member/forceLogout', payload: { id: sub.id }, headers: auth(sub.token) });
    expect([single.statusCode, single.json().message]).toEqual([403, FORCE_LOGOUT_SELF]);
  });
});

describe('batch department and roles', () => {
  const deptOf = async (id: number) => (await t.db.select({ deptId: users.deptId }).from(users).where(eq(users.id, id)))[0]!.deptId;
  const rolesOf = async (id: number) =>
    (await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.id).sort((a, b) => a - b);

  it('moves users into a department of the caller’s scope; never oneself; not into a department outside it', async () => {
    const [w1, w2] = [await weak(), await weak()];
    const r = await batch(memberDeptBatchCall, { ids: [w1, sub.id, outside, strong, w2], deptId: dept.a });
    expect(rows(r.body.data)).toEqual([
      [w1, 'done', ''],
      [sub.id, 'done', ''],
      [outside, 404, NOT_FOUND],
      [strong, 403, ACT_ON_MORE_PERMISSIONS],
      [w2, 'done', ''],
    ]);
    expect([await deptOf(w1), await deptOf(w2), await deptOf(strong)]).toEqual([dept.a, dept.a, dept.a1]);
    // Oneself stays where one is: moving is refused, staying is no change.
    const self = await batch(memberDeptBatchCall, { ids: [sub.id], deptId: dept.a1 });
    expect(rows(self.body.data)).toEqual([[sub.id, 403, renderMessage(SELF_DEPT, undefined, 'en-US')]]);
    const out = await batch(memberDeptBatchCall, { ids: [w1], deptId: dept.b });
    expect(rows(out.body.data)).toEqual([[w1, 403, renderMessage(OUTSIDE_SCOPE_DEPT, undefined, 'en-US')]]);
    const gone = await batch(memberDeptBatchCall, { ids: [w1], deptId: MISSING });
    expect(rows(gone.body.data)).toEqual([[w1, 400, 'The department does not exist']]);
    expect(await deptOf(w1)).toBe(dept.a);
  });

  it('adds or sets roles the caller may grant; never their own; never a role they may not grant', async () => {
    // Scope 5 (self): a user holding it reaches nothing the sub-administrator does not.
    const [child] = await t.db
      .insert(roles)
      .values({ tenantId, name: 'Below sub', key: 'batch.child', parentId: sub.roleId, dataScope: 5 })
      .returning({ id: roles.id });
    const [foreign] = await t.db.insert(roles).values({ tenantId, name: 'Not held', key: 'batch.foreign' }).returning({ id: roles.id });
    const w = await weak();
    const added = await batch(memberRolesBatchCall, { ids: [w, sub.id, strong], roleIds: [child!.id], mode: 'add' });
    expect(rows(added.body.data)).toEqual([
      [w, 'done', ''],
      [sub.id, 403, renderMessage(SELF_ROLES, undefined, 'en-US')],
      [strong, 403, ACT_ON_MORE_PERMISSIONS],
    ]);
    expect(await rolesOf(w)).toEqual([child!.id]);
    const more = await batch(memberRolesBatchCall, { ids: [w], roleIds: [sub.roleId], mode: 'add' });
    expect(rows(more.body.data)).toEqual([[w, 'done', '']]);
    expect(await rolesOf(w)).toEqual([sub.roleId, child!.id].sort((a, b) => a - b));
    const set = await batch(memberRolesBatchCall, { ids: [w], roleIds: [child!.id], mode: 'set' });
    expect(rows(set.body.data)).toEqual([[w, 'done', '']]);
    expect(await rolesOf(w)).toEqual([child!.id]);
    const refused = await batch(memberRolesBatchCall, { ids: [w], roleIds: [foreign!.id], mode: 'add' });
    expect(rows(refused.body.data)).toEqual([[w, 403, `You may not grant role(s) ${foreign!.id}: you can only grant roles you hold yourself`]]);
    expect(await rolesOf(w)).toEqual([child!.id]);
    // Oneself with no change is no change.
    const same = await batch(memberRolesBatchCall, { ids: [sub.id], roleIds: [sub.roleId], mode: 'add' });
    expect(rows(same.body.data)).toEqual([[sub.id, 'done', '']]);
  });
});

describe('a platform administrator acting inside the tenant', () => {
  it('makes the batch call there (X-UC-Tenant), each row in that tenant', async () => {
    const w = await weak();
    const admin = await t.login();
    const res = await t.app.inject({
      method: 'POST',
      url: memberStatusBatchCall.path,
      payload: { ids: [w, MISSING], status: 2 },
      headers: { ...auth(admin), 'x-uc-tenant': String(tenantId) },
    });
    expect(rows(res.json().data)).toEqual([
      [w, 'done', ''],
      [MISSING, 404, NOT_FOUND],
    ]);
    expect(await statusOf(w)).toBe(2);
  });
});
