import { and, eq, sql } from 'drizzle-orm';
import { auditLogs, sessions, tenants, users } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_TTL_HOURS: '2', SESSION_MAX_HOURS: '10' } });
  userId = await createUser(t.db, { username: 'sess.user', password: 'user-password-1', menuPaths: [] });
});
afterAll(() => t.close());

const info = (token: string) => t.app.inject({ url: '/user/admin/member/info', headers: auth(token) });
const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: auth(token), payload });
const mySessions = async (token: string) =>
  (await t.app.inject({ url: '/user/admin/member/sessions', headers: auth(token) })).json().data.list as { id: number; current: boolean; ip: string }[];

describe('own sessions', () => {
  it("lists the caller's live sessions only, marking the current one", async () => {
    const a = await t.login('sess.user', 'user-password-1');
    const b = await t.login('sess.user', 'user-password-1');
    await t.login();
    const list = await mySessions(b);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]).toMatchObject({ current: true, ip: '127.0.0.1' });
    expect((await mySessions(a)).map((s) => s.id).sort()).toEqual(list.map((s) => s.id).sort());
  });

  it("ends one of them at once, and not someone else's", async () => {
    const keep = await t.login('sess.user', 'user-password-1');
    const end = await t.login('sess.user', 'user-password-1');
    const endId = (await mySessions(end)).find((s) => s.current)!.id;
    expect((await post('/user/admin/member/sessions/revoke', keep, { id: endId })).json()).toEqual({ code: 0, message: 'ok', data: null });
    expect((await info(end)).json().code).toBe(61);
    expect((await info(keep)).json().code).toBe(0);
    const admin = await t.login();
    const adminSession = (await mySessions(admin)).find((s) => s.current)!.id;
    const refused = await post('/user/admin/member/sessions/revoke', keep, { id: adminSession });
    expect(refused.statusCode).toBe(404);
    expect((await info(admin)).json().code).toBe(0);
  });
});

describe('force logout', () => {
  it('ends every session of the user at once, and is audited', async () => {
    const tokens = [await t.login('sess.user', 'user-password-1'), await t.login('sess.user', 'user-password-1')];
    const admin = await t.login();
    const res = await post('/user/admin/member/forceLogout', admin, { id: userId });
    expect(res.json().code).toBe(0);
    expect(res.json().data.revoked).toBeGreaterThanOrEqual(2);
    for (const token of tokens) expect((await info(token)).json().code).toBe(61);
    const [entry] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, '/user/admin/member/forceLogout'));
    expect(entry).toMatchObject({ tenantId: 1, username: 'admin', target: String(userId), fields: ['id'], ip: '127.0.0.1' });
    const listed = await t.app.inject({ url: '/user/admin/log/audit/list', headers: auth(admin) });
    expect(listed.json().data.list[0]).toMatchObject({ action: '/user/admin/member/forceLogout', target: String(userId) });
  });

  it('does not audit a refused write', async () => {
    const admin = await t.login();
    const before = (await t.db.select().from(auditLogs)).length;
    expect((await post('/user/admin/member/forceLogout', admin, { id: 987654 })).statusCode).toBe(404);
    expect((await t.db.select().from(auditLogs)).length).toBe(before);
  });
});

describe('revocation by state', () => {
  it("a disabled user gets 61 at once; a disabled tenant's users get 60 at once", async () => {
    const tenant = await createTenant(t.db, { code: 'sess-b' });
    const id = await createUser(t.db, { username: 'sess.other', tenantId: tenant.tenantId });
    const token = await tokenFor(t.db, tenant.tenantId, id);
    expect((await info(token)).json().code).toBe(0);
    await t.db.update(tenants).set({ status: 2 }).where(eq(tenants.id, tenant.tenantId));
    expect((await info(token)).json().code).toBe(60);
    await t.db.update(tenants).set({ status: 1 }).where(eq(tenants.id, tenant.tenantId));
    await t.db.update(users).set({ status: 2 }).where(eq(users.id, id));
    const res = await info(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(61);
  });

  it('an expired session gets 61', async () => {
    const token = await t.login('sess.user', 'user-password-1');
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, userId));
    expect((await info(token)).json().code).toBe(61);
  });
});

describe('sliding renewal', () => {
  const sessionOf = async (token: string) => {
    const current = (await mySessions(token)).find((s) => s.current)!.id;
    return (await t.db.select().from(sessions).where(eq(sessions.id, current)))[0]!;
  };

  it('moves the expiry to SESSION_TTL_HOURS from now on use, at most once a minute', async () => {
    const token = await t.login('sess.user', 'user-password-1');
    const s = await sessionOf(token);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '5 minutes'`, expiresAt: sql`now() + interval '10 minutes'` })
      .where(eq(sessions.id, s.id));
    expect((await info(token)).json().code).toBe(0);
    const after = await sessionOf(token);
    const hoursLeft = (after.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(1.9);
    expect(hoursLeft).toBeLessThanOrEqual(2);
  });

  it('never renews past SESSION_MAX_HOURS after sign-in', async () => {
    const token = await t.login('sess.user', 'user-password-1');
    const s = await sessionOf(token);
    await t.db
      .update(sessions)
      .set({
        createdAt: sql`now() - interval '9 hours 30 minutes'`,
        lastSeenAt: sql`now() - interval '5 minutes'`,
        expiresAt: sql`now() + interval '1 minute'`,
      })
      .where(and(eq(sessions.id, s.id)));
    await info(token);
    const minutesLeft = ((await sessionOf(token)).expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(25);
    expect(minutesLeft).toBeLessThanOrEqual(30);
  });
});
