import { and, eq, sql } from 'drizzle-orm';
import { TENANT_HEADER, type OnlineRow } from '@uc/contracts';
import { depts, sessions } from '../../db/schema';
import { auth, createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertSession } from '../auth/session.repository';
import { hashToken, newToken } from '../auth/token';
import { ACT_ON_MORE_PERMISSIONS } from '../member/member-coverage';
import { OWN_SESSION, SESSION_GONE } from './online.routes';

/*
 * 在线用户: the live sessions an administrator may see, and the force logout of one of them. Tenant B
 * has two departments: an administrator of the whole tenant, one of department A only (data scope 2).
 */

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MONITOR = ['/monitor/online', '/monitor/login-log', '/monitor/operation-log'];

let t: TestApp;
let platformToken: string;
let b: { tenantId: number; deptA: number; deptB: number };
let c: { tenantId: number };
const users: Record<string, { id: number; tenantId: number }> = {};
const tokens: Record<string, string> = {};
const sessionIds: Record<string, number> = {};

/** A session of `name` (a sign-in from a browser), without going through the password. */
async function signedIn(name: string, key: string, userAgent: string, ip = '10.90.0.1', expiresAt = new Date(Date.now() + 3_600_000)) {
  const token = newToken();
  const u = users[name]!;
  await insertSession(t.db, { tokenHash: hashToken(token), tenantId: u.tenantId, userId: u.id, ip, userAgent, expiresAt });
  const [row] = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  tokens[key] = token;
  sessionIds[key] = row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  platformToken = await t.login();
  const tb = await createTenant(t.db, { code: 'on-b' });
  const [a] = await t.db.insert(depts).values({ tenantId: tb.tenantId, parentId: tb.deptId, name: '甲部门' }).returning({ id: depts.id });
  const [bb] = await t.db.insert(depts).values({ tenantId: tb.tenantId, parentId: tb.deptId, name: '乙部门' }).returning({ id: depts.id });
  b = { tenantId: tb.tenantId, deptA: a!.id, deptB: bb!.id };
  c = { tenantId: (await createTenant(t.db, { code: 'on-c' })).tenantId };
  const make = async (name: string, fixture: Omit<Parameters<typeof createUser>[1], 'username'>) => {
    users[name] = { id: await createUser(t.db, { ...fixture, username: name }), tenantId: fixture.tenantId ?? 1 };
  };
  await make('on-b.admin', { tenantId: b.tenantId, deptId: tb.deptId, menuPaths: MONITOR, withButtons: true, dataScope: 1 });
  await make('on-b.deptadmin', { tenantId: b.tenantId, deptId: b.deptA, menuPaths: MONITOR, withButtons: true, dataScope: 2, realName: '甲管理员' });
  await make('on-b.a1', { tenantId: b.tenantId, deptId: b.deptA, realName: '甲一' });
  // In department A, but holding the user screen the department administrator does not hold.
  await make('on-b.a2', { tenantId: b.tenantId, deptId: b.deptA, menuPaths: ['/org/user'], dataScope: 5 });
  await make('on-b.b1', { tenantId: b.tenantId, deptId: b.deptB });
  await make('on-b.viewer', { tenantId: b.tenantId, deptId: tb.deptId, menuPaths: ['/monitor/online'], dataScope: 1 });
  await make('on-c.user', { tenantId: c.tenantId });
  await signedIn('on-b.admin', 'admin', CHROME_MAC);
  await signedIn('on-b.deptadmin', 'deptadmin', CHROME_MAC);
  await signedIn('on-b.a1', 'a1', CHROME_MAC, '10.90.0.11');
  await signedIn('on-b.a1', 'a1-phone', SAFARI_IPHONE, '10.90.0.12');
  await signedIn('on-b.a2', 'a2', CHROME_MAC);
  await signedIn('on-b.b1', 'b1', CHROME_MAC);
  await signedIn('on-b.viewer', 'viewer', CHROME_MAC);
  await signedIn('on-c.user', 'c', CHROME_MAC);
  // Neither an expired nor a revoked session is online.
  await signedIn('on-b.b1', 'b1-expired', CHROME_MAC, '10.90.0.99', new Date(Date.now() - 1000));
  await signedIn('on-b.b1', 'b1-revoked', CHROME_MAC, '10.90.0.98');
  await t.db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionIds['b1-revoked']!));
});
afterAll(() => t.close());

type Page = { list: OnlineRow[]; total: number; totalExact: boolean; next: string | null };
const online = async (token: string, query: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: '/user/admin/online/list', query: { pageSize: '100', ...query }, headers: auth(token) });
  return { status: res.statusCode, body: res.json<{ code: number; message: string; data: Page }>() };
};
const kick = async (token: string, body: object, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/user/admin/online/forceLogout', payload: body, headers: { ...auth(token), ...headers } });
  return { status: res.statusCode, body: res.json<{ code: number; message: string; data: { revoked: number } }>() };
};
const keys = (list: OnlineRow[]) => list.map((r) => Object.keys(sessionIds).find((k) => sessionIds[k] === r.id)).sort();
const alive = async (token: string) => (await t.app.inject({ url: '/user/admin/member/info', headers: auth(token) })).json<{ code: number }>().code;

describe('online users', () => {
  it("lists the tenant's live sessions with user, department, device and times; nothing of another tenant", async () => {
    const { status, body } = await online(tokens.admin!);
    expect(status).toBe(200);
    expect(keys(body.data.list)).toEqual(['a1', 'a1-phone', 'a2', 'admin', 'b1', 'deptadmin', 'viewer']);
    expect(body.data).toMatchObject({ total: 7, totalExact: true });
    const phone = body.data.list.find((r) => r.id === sessionIds['a1-phone'])!;
    expect(phone).toMatchObject({
      tenantId: b.tenantId,
      userId: users['on-b.a1']!.id,
      username: 'on-b.a1',
      realName: '甲一',
      deptName: '甲部门',
      ip: '10.90.0.12',
      browser: 'Safari 17',
      os: 'iOS 17.5',
      device: 'mobile',
      current: false,
    });
    expect(Date.parse(phone.createdAt)).toBeLessThanOrEqual(Date.parse(phone.lastSeenAt) + 1000);
    expect(body.data.list.find((r) => r.id === sessionIds.admin)).toMatchObject({ current: true, browser: 'Chrome 126', os: 'macOS Catalina' });
    // Newest sign-in first.
    const created = body.data.list.map((r) => Date.parse(r.createdAt));
    expect([...created].sort((x, y) => y - x)).toEqual(created);
    // Asking for tenant C's rows by filter finds nothing: the filter runs inside the tenant.
    expect((await online(tokens.admin!, { filter: JSON.stringify([['tenantId', '=', c.tenantId]]) })).body.data.total).toBe(0);
  });

  it('filters by user, IP and keyword, and pages with the shared cursor', async () => {
    const filter = (...f: unknown[]) => ({ filter: JSON.stringify(f) });
    expect(keys((await online(tokens.admin!, filter(['username', '=', 'on-b.a1']))).body.data.list)).toEqual(['a1', 'a1-phone']);
    expect(keys((await online(tokens.admin!, filter(['ip', '=', '10.90.0.12']))).body.data.list)).toEqual(['a1-phone']);
    expect(keys((await online(tokens.admin!, filter(['keyword', 'b1']))).body.data.list)).toEqual(['b1']);
    const first = (await online(tokens.admin!, { pageSize: '3' })).body.data;
    expect(first.list).toHaveLength(3);
    const rest = (await online(tokens.admin!, { pageSize: '100', after: first.next! })).body.data;
    expect(keys([...first.list, ...rest.list])).toEqual(['a1', 'a1-phone', 'a2', 'admin', 'b1', 'deptadmin', 'viewer']);
    expect((await online(tokens.admin!, filter(['tokenHash', '=', 'x']))).status).toBe(400);
  });

  it('shows a department administrator the sessions of his department only (data scope)', async () => {
    expect(keys((await online(tokens.deptadmin!)).body.data.list)).toEqual(['a1', 'a1-phone', 'a2', 'deptadmin']);
  });

  it("shows the platform every tenant's sessions, filtered by tenant", async () => {
    const all = (await online(platformToken)).body.data.list;
    expect(all.some((r) => r.tenantId === c.tenantId)).toBe(true);
    expect(all.some((r) => r.tenantId === b.tenantId)).toBe(true);
    expect(all.some((r) => r.tenantId === 1 && r.current)).toBe(true);
    expect(keys((await online(platformToken, { filter: JSON.stringify([['tenantId', '=', c.tenantId]]) })).body.data.list)).toEqual(['c']);
  });
});

describe('force logout of one session', () => {
  it('ends that session at once (its next call gets 61), keeps the user’s other ones, and is audited', async () => {
    expect(await alive(tokens.a1!)).toBe(0);
    const res = await kick(tokens.admin!, { id: users['on-b.a1']!.id, sessionId: sessionIds.a1 });
    expect(res.body).toMatchObject({ code: 0, data: { revoked: 1 } });
    expect(await alive(tokens.a1!)).toBe(61);
    expect(await alive(tokens['a1-phone']!)).toBe(0);
    expect(keys((await online(tokens.admin!, { filter: JSON.stringify([['userId', '=', users['on-b.a1']!.id]]) })).body.data.list)).toEqual(['a1-phone']);
    const audit = await t.app.inject({
      url: '/user/admin/log/audit/list',
      query: { filter: JSON.stringify([['action', '=', '/user/admin/online/forceLogout']]) },
      headers: auth(tokens.admin!),
    });
    expect(audit.json().data.list).toEqual([
      expect.objectContaining({
        username: 'on-b.admin',
        target: String(users['on-b.a1']!.id),
        fields: ['id', 'sessionId'],
        actionMenus: [{ name: '强制退出', locale: 'menu.org.user.logout' }],
      }),
    ]);
    // Gone already: said so, nothing else happens.
    const again = await kick(tokens.admin!, { id: users['on-b.a1']!.id, sessionId: sessionIds.a1 });
    expect(again).toMatchObject({ status: 404, body: { message: SESSION_GONE } });
  });

  it('refuses a session outside the data scope, of another user or of another tenant, as not there', async () => {
    // B1 is in department B: the department administrator cannot see him.
    expect(await kick(tokens.deptadmin!, { id: users['on-b.b1']!.id, sessionId: sessionIds.b1 })).toMatchObject({
      status: 404,
      body: { message: SESSION_GONE },
    });
    // A session id with another user's id.
    expect(await kick(tokens.admin!, { id: users['on-b.b1']!.id, sessionId: sessionIds['a1-phone'] })).toMatchObject({ status: 404 });
    // Tenant C's session, from tenant B.
    expect(await kick(tokens.admin!, { id: users['on-c.user']!.id, sessionId: sessionIds.c })).toMatchObject({ status: 404 });
    expect(await alive(tokens.b1!)).toBe(0);
    expect(await alive(tokens['a1-phone']!)).toBe(0);
    expect(await alive(tokens.c!)).toBe(0);
  });

  it('refuses a user who holds what the actor does not (the force logout guard), and the caller’s own session', async () => {
    const res = await kick(tokens.deptadmin!, { id: users['on-b.a2']!.id, sessionId: sessionIds.a2 });
    expect(res).toMatchObject({ status: 403, body: { message: ACT_ON_MORE_PERMISSIONS } });
    expect(await alive(tokens.a2!)).toBe(0);
    expect(await kick(tokens.admin!, { id: users['on-b.admin']!.id, sessionId: sessionIds.admin })).toMatchObject({
      status: 409,
      body: { message: OWN_SESSION },
    });
  });

  it('needs the force logout permission (the page alone lists)', async () => {
    expect((await online(tokens.viewer!)).status).toBe(200);
    const res = await kick(tokens.viewer!, { id: users['on-b.b1']!.id, sessionId: sessionIds.b1 });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('/user/admin/member/forceLogout');
  });

  it("lets the platform end another tenant's session acting in it (X-UC-Tenant)", async () => {
    const res = await kick(platformToken, { id: users['on-c.user']!.id, sessionId: sessionIds.c }, { [TENANT_HEADER]: String(c.tenantId) });
    expect(res.body).toMatchObject({ code: 0, data: { revoked: 1 } });
    expect(await alive(tokens.c!)).toBe(61);
    const [row] = await t.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionIds.c!), eq(sessions.tenantId, c.tenantId)));
    expect(row?.revokedAt).not.toBeNull();
  });
});
