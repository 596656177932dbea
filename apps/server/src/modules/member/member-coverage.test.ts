import { and, eq, sql } from 'drizzle-orm';
import { ALL_CALLS, permissionOf, type BatchResult, type CallContract } from '@uc/contracts';
import { depts, menus, roleDepts, roleMenus, roles, sessions, userRoles, users } from '../../db/schema';
import { auth, createTenant, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ACT_ON_MORE_PERMISSIONS, ACT_ON_SUPER_ADMIN, ACT_ON_WIDER_REACH } from './member-coverage';

/*
 * The rule of every call that acts on a user: it succeeds only when the caller holds every menu the
 * target's roles grant and reaches every department the target's data scope reaches. A property test:
 * random caller/target role pairs, over every call whose contract says actsOnUser, against a model of
 * the rule written here in TypeScript.
 */

let t: TestApp;
let tenantId: number;
/** root ─┬─ a ── a1 */
/**       └─ b       */
let tree: { root: number; a: number; a1: number; b: number };
const children = (): Record<number, number[]> => ({ [tree.root]: [tree.a, tree.b], [tree.a]: [tree.a1], [tree.a1]: [], [tree.b]: [] });
/** Every button and page menu of the seed carrying a permission string, by id. */
let pool: { id: number; permissions: string[] }[];

beforeAll(async () => {
  t = await createTestApp();
  const made = await createTenant(t.db, { code: 'coverage' });
  tenantId = made.tenantId;
  const child = async (name: string, parentId: number) => (await t.db.insert(depts).values({ tenantId, name, parentId }).returning({ id: depts.id }))[0]!.id;
  const a = await child('A', made.deptId);
  tree = { root: made.deptId, a, a1: await child('A1', a), b: await child('B', made.deptId) };
  const rows = await t.db
    .select({ id: menus.id, permissions: menus.permissions })
    .from(menus)
    .where(sql`${menus.permissions} <> ''`);
  pool = rows.map((r) => ({ id: r.id, permissions: r.permissions.split(',').map((p) => p.trim()) }));
});
afterAll(() => t.close());

/** A small seeded generator, so a failure names the trial that can be run again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Holder {
  menuIds: Set<number>;
  scope: number;
  customDepts: number[];
  dept: number;
}

const below = (id: number): number[] => [id, ...(children()[id] ?? []).flatMap(below)];
/** The departments a holder's data scope reaches (data-scope.ts), or 'all'. */
function reach(h: Holder): Set<number> | 'all' {
  if (h.scope === 1) return 'all';
  if (h.scope === 2) return new Set([h.dept]);
  if (h.scope === 3) return new Set(below(h.dept));
  if (h.scope === 4) return new Set(h.customDepts);
  return new Set();
}

let serial = 0;
const mobileOf = (n: number) => `139${String(n).padStart(8, '0')}`;
async function makeUser(h: Holder): Promise<{ id: number; username: string; mobile: string; token: string; roleId: number; sessionId: number }> {
  serial += 1;
  const username = `cov${serial}`;
  const [role] = await t.db
    .insert(roles)
    .values({ tenantId, name: `Role ${serial}`, key: `cov_role_${serial}`, dataScope: h.scope })
    .returning({ id: roles.id });
  if (h.menuIds.size > 0) await t.db.insert(roleMenus).values([...h.menuIds].map((menuId) => ({ tenantId, roleId: role!.id, menuId })));
  if (h.scope === 4) await t.db.insert(roleDepts).values(h.customDepts.map((deptId) => ({ tenantId, roleId: role!.id, deptId })));
  const [user] = await t.db.insert(users).values({ tenantId, username, passwordHash: 'x', realName: username, deptId: h.dept }).returning({ id: users.id });
  await t.db.insert(userRoles).values({ tenantId, userId: user!.id, roleId: role!.id });
  const token = await tokenFor(t.db, tenantId, user!.id);
  // The user's one session: what 在线用户's force logout ends.
  const [session] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user!.id));
  return { id: user!.id, username, mobile: mobileOf(serial), token, roleId: role!.id, sessionId: session!.id };
}

/** The single-row calls acting on a user, and the batch calls acting on each user of their ids. */
const USER_CALLS = ALL_CALLS.filter((c) => c.actsOnUser);

function bodyFor(call: CallContract, target: { id: number; username: string; mobile: string; dept: number; sessionId: number }, actorRole: number): object {
  if (call.batch) {
    const single = bodyFor({ ...call, batch: false, path: call.path.replace('/batch/', '/') }, target, actorRole) as { id: number };
    const { id, ...rest } = single;
    // Moving to the department the user is in, and adding the caller's own role: allowed whenever the user is covered.
    if (call.path.endsWith('/batch/dept')) return { ids: [id], deptId: target.dept };
    if (call.path.endsWith('/batch/roles')) return { ids: [id], roleIds: [actorRole], mode: 'add' };
    return { ids: [id], ...rest };
  }
  if (call.path.endsWith('/edit'))
    return { id: target.id, username: target.username, mobile: target.mobile, realName: 'Renamed', deptId: target.dept, roleIds: [], status: 1 };
  if (call.path.endsWith('/status')) return { id: target.id, status: 2 };
  if (call.path === '/user/admin/online/forceLogout') return { id: target.id, sessionId: target.sessionId };
  if (call.path.endsWith('/resetPwd')) return { id: target.id, password: 'another-password-1' };
  if (call.path.endsWith('/addBalance') || call.path.endsWith('/addIntegral')) return { id: target.id, operateMode: 1, num: 1 };
  return { id: target.id };
}

describe('acting on a user needs every permission and all the reach the user holds', () => {
  it('covers exactly the calls that act on a user', () => {
    expect(USER_CALLS.map((c) => c.path.replace('/user/admin/member/', '')).sort()).toEqual(
      [
        'addBalance',
        'addIntegral',
        'delete',
        'edit',
        'forceLogout',
        'purge',
        'resetPwd',
        'restore',
        'status',
        'batch/status',
        'batch/delete',
        'batch/restore',
        'batch/forceLogout',
        'batch/dept',
        'batch/roles',
        // 在线用户's force logout of one session.
        '/user/admin/online/forceLogout',
      ].sort(),
    );
    // A batch call runs the guard on every row (actsOnUser 'ids'); a single-row call on body.id.
    expect(USER_CALLS.filter((c) => c.batch).every((c) => c.actsOnUser === 'ids')).toBe(true);
    expect(USER_CALLS.filter((c) => !c.batch).every((c) => c.actsOnUser === true)).toBe(true);
  });

  it.each(USER_CALLS.map((c) => [c.path, c] as const))('%s succeeds only when the caller covers the target', async (_path, call) => {
    const seed = [...call.path].reduce((n, ch) => n * 31 + ch.charCodeAt(0), 7);
    const next = random(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    const subset = <T>(xs: readonly T[], p: number): T[] => xs.filter(() => next() < p);
    const callMenus = pool.filter((m) => m.permissions.includes(permissionOf(call))).map((m) => m.id);
    expect(callMenus.length).toBeGreaterThan(0);
    const others = pool.map((m) => m.id).filter((id) => !callMenus.includes(id));
    const deptIds = [tree.root, tree.a, tree.a1, tree.b];
    const outcomes = { done: 0, refused: 0, hidden: 0 };
    for (let trial = 0; trial < 14; trial += 1) {
      // The caller holds the call and a random share of the rest; the target a random share of all.
      const extra = subset(others, 0.5);
      const actor: Holder = {
        menuIds: new Set([...callMenus, ...extra]),
        scope: pick([1, 2, 3, 4, 5]),
        customDepts: subset(deptIds, 0.5),
        dept: pick(deptIds),
      };
      if (actor.scope === 4 && actor.customDepts.length === 0) actor.customDepts.push(pick(deptIds));
      // Half the targets are drawn from what the caller holds, so both outcomes come up often.
      const fromActor = next() < 0.5;
      const target: Holder = {
        menuIds: new Set(
          fromActor
            ? subset([...actor.menuIds], 0.6)
            : subset(
                pool.map((m) => m.id),
                0.2,
              ),
        ),
        scope: fromActor && actor.scope !== 1 ? pick([2, 3, 4, 5].filter((s) => s >= actor.scope || s === 5)) : pick([1, 2, 3, 4, 5]),
        customDepts: fromActor ? actor.customDepts.slice(0, 1) : subset(deptIds, 0.5),
        dept: fromActor && actor.scope !== 1 && next() < 0.7 ? actor.dept : pick(deptIds),
      };
      if (target.scope === 4 && target.customDepts.length === 0) target.customDepts.push(pick(deptIds));
      const a = await makeUser(actor);
      const u = await makeUser(target);
      if (call.path.endsWith('/restore') || call.path.endsWith('/purge')) {
        await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, u.id));
      }
      const actorReach = reach(actor);
      const targetReach = reach(target);
      const visible = actorReach === 'all' || actorReach.has(target.dept);
      const covers =
        [...target.menuIds].every((m) => actor.menuIds.has(m)) &&
        (actorReach === 'all' || (targetReach !== 'all' && [...targetReach].every((d) => actorReach.has(d))));
      const res = await t.app.inject({ method: 'POST', url: call.path, payload: bodyFor(call, { ...u, dept: target.dept }, a.roleId), headers: auth(a.token) });
      // A batch call answers 200 with its one row: done, or refused with the single-row call's status and message.
      const answer = call.batch
        ? (({ results: [row] }: BatchResult) => ({
            statusCode: row!.done ? 200 : row!.status,
            json: () => ({ code: row!.done ? 0 : -1, message: row!.message }),
          }))(res.json().data)
        : { statusCode: res.statusCode, json: () => res.json() };
      const what = `${call.path} trial ${trial} (seed ${seed}): actor ${JSON.stringify({ ...actor, menuIds: [...actor.menuIds] })} target ${JSON.stringify({ ...target, menuIds: [...target.menuIds] })}`;
      if (!visible) {
        expect([what, answer.statusCode]).toEqual([what, 404]);
        outcomes.hidden += 1;
      } else if (covers) {
        expect([what, answer.statusCode, answer.json().code]).toEqual([what, 200, 0]);
        outcomes.done += 1;
      } else {
        expect([what, answer.statusCode]).toEqual([what, 403]);
        expect([ACT_ON_MORE_PERMISSIONS, ACT_ON_WIDER_REACH]).toContain(answer.json().message);
        outcomes.refused += 1;
      }
    }
    // Not a vacuous run: the rule was seen to allow and to refuse.
    expect(outcomes.done).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});

describe('a sub-administrator cannot take over an administrator (issue 26, point 0)', () => {
  let sub: { id: number; token: string };
  let admin: { id: number; username: string; mobile: string };
  let adminRole: number;
  beforeAll(async () => {
    const paths = ['/user/admin/member/list', '/user/admin/member/edit', '/user/admin/member/resetPwd', '/user/admin/member/status'];
    const subMenus = pool.filter((m) => m.permissions.some((p) => paths.includes(p))).map((m) => m.id);
    const s = await makeUser({ menuIds: new Set(subMenus), scope: 2, customDepts: [], dept: tree.a });
    sub = s;
    // The administrator: every menu, scope all, in the same department.
    const p = await makeUser({ menuIds: new Set(pool.map((m) => m.id)), scope: 1, customDepts: [], dept: tree.a });
    admin = p;
    [{ roleId: adminRole }] = (await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, p.id))) as [{ roleId: number }];
  });
  const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: `/user/admin/member/${path}`, payload, headers: auth(sub.token) });

  it('cannot reset the administrator password, strip their roles or disable them', async () => {
    const reset = await post('resetPwd', { id: admin.id, password: 'taken-over-1' });
    expect([reset.statusCode, reset.json().message]).toEqual([403, ACT_ON_MORE_PERMISSIONS]);
    const strip = await post('edit', { id: admin.id, username: admin.username, mobile: admin.mobile, realName: 'x', deptId: tree.a, roleIds: [], status: 1 });
    expect(strip.statusCode).toBe(403);
    const disable = await post('status', { id: admin.id, status: 2 });
    expect(disable.statusCode).toBe(403);
    const [still] = await t.db.select({ status: users.status, realName: users.realName }).from(users).where(eq(users.id, admin.id));
    expect(still).toEqual({ status: 1, realName: admin.username });
    const roleRows = await t.db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, admin.id)));
    expect(roleRows).toEqual([{ roleId: adminRole }]);
  });

  it('cannot act on the super administrator, even holding every menu', async () => {
    const [superAdmin] = await t.db.select({ id: users.id }).from(users).where(eq(users.isSuperAdmin, true));
    // The super administrator lives in the platform tenant: a platform administrator with every menu.
    const platformAdmin = await t.db
      .insert(users)
      .values({ tenantId: 1, username: 'cov.platform', passwordHash: 'x', deptId: null })
      .returning({ id: users.id });
    const [platformRole] = await t.db
      .insert(roles)
      .values({ tenantId: 1, name: 'Everything', key: 'cov_everything', dataScope: 1 })
      .returning({ id: roles.id });
    await t.db.insert(roleMenus).values(pool.map((m) => ({ tenantId: 1, roleId: platformRole!.id, menuId: m.id })));
    await t.db.insert(userRoles).values({ tenantId: 1, userId: platformAdmin[0]!.id, roleId: platformRole!.id });
    const token = await tokenFor(t.db, 1, platformAdmin[0]!.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/admin/member/resetPwd',
      payload: { id: superAdmin!.id, password: 'taken-over-1' },
      headers: auth(token),
    });
    expect([res.statusCode, res.json().message]).toEqual([403, ACT_ON_SUPER_ADMIN]);
  });
});

describe('nobody changes his own roles, department or status, nor moves anyone out of his scope (issue 26, point 1)', () => {
  let scoped: { id: number; username: string; mobile: string; token: string };
  let colleague: { id: number; username: string; mobile: string };
  let roleId: number;
  beforeAll(async () => {
    const paths = ['/user/admin/member/list', '/user/admin/member/edit', '/user/admin/member/resetPwd', '/user/admin/member/status'];
    const menuIds = new Set(pool.filter((m) => m.permissions.some((p) => paths.includes(p))).map((m) => m.id));
    scoped = await makeUser({ menuIds, scope: 2, customDepts: [], dept: tree.a });
    colleague = await makeUser({ menuIds: new Set(), scope: 5, customDepts: [], dept: tree.a });
    [{ roleId }] = (await t.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, scoped.id))) as [{ roleId: number }];
  });
  const edit = (payload: object) => t.app.inject({ method: 'POST', url: '/user/admin/member/edit', payload, headers: auth(scoped.token) });
  const self = (over: object) =>
    edit({ id: scoped.id, username: scoped.username, mobile: scoped.mobile, realName: 'Me', deptId: tree.a, roleIds: [roleId], status: 1, ...over });

  it('refuses moving himself into another department, and leaves him where he was', async () => {
    const res = await self({ deptId: tree.b });
    expect([res.statusCode, res.json().message]).toEqual([403, 'You cannot move yourself to another department: ask another administrator to do it']);
    const [me] = await t.db.select({ deptId: users.deptId }).from(users).where(eq(users.id, scoped.id));
    expect(me!.deptId).toBe(tree.a);
  });

  it('refuses changing his own roles, but saves his other fields', async () => {
    const res = await self({ roleIds: [] });
    expect([res.statusCode, res.json().message]).toEqual([403, 'You cannot change your own roles: ask another administrator to do it']);
    const saved = await self({ realName: 'Still me' });
    expect([saved.statusCode, saved.json().data.realName]).toEqual([200, 'Still me']);
  });

  it('refuses resetting his own password through the administrators’ call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/admin/member/resetPwd',
      payload: { id: scoped.id, password: 'my-new-password-1' },
      headers: auth(scoped.token),
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses moving a user of his department, or a new one, into a department outside his scope', async () => {
    const move = await edit({
      id: colleague.id,
      username: colleague.username,
      mobile: colleague.mobile,
      realName: 'C',
      deptId: tree.b,
      roleIds: [],
      status: 1,
    });
    expect([move.statusCode, move.json().message]).toEqual([403, 'That department is outside your data scope: choose one of the departments you manage']);
    const nowhere = await edit({
      id: colleague.id,
      username: colleague.username,
      mobile: colleague.mobile,
      realName: 'C',
      deptId: null,
      roleIds: [],
      status: 1,
    });
    expect(nowhere.statusCode).toBe(403);
    const created = await edit({
      username: 'cov.new',
      mobile: '13700000001',
      password: 'new-password-1',
      realName: 'N',
      deptId: tree.b,
      roleIds: [],
      status: 1,
    });
    expect(created.statusCode).toBe(403);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'cov.new'))).toEqual([]);
    const [c] = await t.db.select({ deptId: users.deptId }).from(users).where(eq(users.id, colleague.id));
    expect(c!.deptId).toBe(tree.a);
    // Inside his scope both still work.
    const inside = await edit({
      username: 'cov.inside',
      mobile: '13700000002',
      password: 'new-password-1',
      realName: 'N',
      deptId: tree.a,
      roleIds: [],
      status: 1,
    });
    expect(inside.json().code).toBe(0);
  });

  it('is offered only the departments within his scope', async () => {
    const res = await t.app.inject({ url: '/user/admin/dept/option', headers: auth(scoped.token) });
    const flags: Record<number, boolean> = {};
    const walk = (nodes: { id: number; inScope: boolean; children?: unknown[] }[]) =>
      nodes.forEach((n) => {
        flags[n.id] = n.inScope;
        walk((n.children ?? []) as typeof nodes);
      });
    walk(res.json().data.list);
    expect(flags).toEqual({ [tree.root]: false, [tree.a]: true, [tree.a1]: false, [tree.b]: false });
  });

  it('then cannot list or reset the other department’s users', async () => {
    const other = await makeUser({ menuIds: new Set(), scope: 5, customDepts: [], dept: tree.b });
    const list = await t.app.inject({ url: '/user/admin/member/list', query: { pageSize: '100' }, headers: auth(scoped.token) });
    expect(list.json().data.list.map((r: { id: number }) => r.id)).not.toContain(other.id);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/user/admin/member/resetPwd',
      payload: { id: other.id, password: 'another-password-1' },
      headers: auth(scoped.token),
    });
    expect(reset.statusCode).toBe(404);
  });
});
