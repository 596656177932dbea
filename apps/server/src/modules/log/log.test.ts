import { sql } from 'drizzle-orm';
import type { AuditLogRow, LoginLogRow } from '@uc/contracts';
import { auth, createTenant, createUser, grantButtonsUnder, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { logAttempt } from '../security/login-log.repository';

let t: TestApp;
let platformToken: string;
/** Tenant B: an administrator who may write departments and users and read both logs. */
let b: { tenantId: number; adminId: number; token: string };
/** Tenant C: only rows the tests put there, so its lists have known totals. */
let c: { tenantId: number; adminId: number; token: string };

/** A user of `tenantId` with the department screen and every button of the user screen (the log buttons among them). */
async function logAdmin(code: string): Promise<{ tenantId: number; adminId: number; token: string }> {
  const { tenantId } = await createTenant(t.db, { code });
  const adminId = await createUser(t.db, { username: `${code}.admin`, tenantId, menuPaths: ['/org/dept', '/org/user'] });
  await grantButtonsUnder(t.db, tenantId, adminId, '/org/user');
  return { tenantId, adminId, token: await tokenFor(t.db, tenantId, adminId) };
}

/** Grants the user's own role the button carrying the API `path`, and nothing else. */
/** Grants the user's role the menu entries that grant `path` alone (others, such as 用户日志, grant both logs). */
async function grantCall(tenantId: number, userId: number, path: string): Promise<void> {
  await t.db.execute(sql`insert into role_menus (tenant_id, role_id, menu_id)
    select ${tenantId}, ur.role_id, m.id from user_roles ur, menus m where ur.user_id = ${userId} and m.permissions = ${path}`);
}

beforeAll(async () => {
  t = await createTestApp();
  platformToken = await t.login();
  b = await logAdmin('log-b');
  c = await logAdmin('log-c');
});
afterAll(() => t.close());

type Page<R> = { list: R[]; total: number; totalExact: boolean; next: string | null; page: number; pageSize: number };
const list = async <R>(which: 'login' | 'audit', token: string, query: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: `/user/admin/log/${which}/list`, query, headers: auth(token) });
  return { status: res.statusCode, body: res.json<{ code: number; message: string; data: Page<R> }>() };
};
const logins = (token: string, query: Record<string, string> = {}) => list<LoginLogRow>('login', token, query);
const audits = (token: string, query: Record<string, string> = {}) => list<AuditLogRow>('audit', token, query);
const filter = (...triples: unknown[]) => ({ filter: JSON.stringify(triples), pageSize: '100' });

const signIn = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/user/admin/site/accountLogin',
    payload: { username, password },
    remoteAddress: ip,
    headers: { 'user-agent': 'log-test-browser' },
  });
const post = async (path: string, payload: object, token: string) => {
  const res = await t.app.inject({ method: 'POST', url: path, payload, headers: auth(token) });
  return { status: res.statusCode, body: res.json<{ code: number; message: string; data: { id: number } }>() };
};

describe('login log', () => {
  it('shows a good and a bad password sign-in with their result, newest first, and never the password', async () => {
    const userId = await createUser(t.db, { username: 'log-b.user', tenantId: b.tenantId, password: 'good-password-1' });
    expect((await signIn('log-b.user', 'good-password-1', '10.81.0.1')).statusCode).toBe(200);
    expect((await signIn('log-b.user', 'typo-password-9', '10.81.0.1')).statusCode).toBe(400);
    const { status, body } = await logins(b.token, filter(['username', '=', 'log-b.user']));
    expect(status).toBe(200);
    const base = {
      tenantId: b.tenantId,
      userId,
      username: 'log-b.user',
      method: 'account',
      ip: '10.81.0.1',
      userAgent: 'log-test-browser',
      browser: '',
      os: '',
      device: '',
    };
    expect(body.data.list).toEqual([
      { ...base, id: expect.any(Number), result: 2, reason: 'bad_credentials', createdAt: expect.any(String) },
      { ...base, id: expect.any(Number), result: 1, reason: 'ok', createdAt: expect.any(String) },
    ]);
    expect(body.data.list[0]!.id).toBeGreaterThan(body.data.list[1]!.id);
    expect(Number.isNaN(Date.parse(body.data.list[0]!.createdAt))).toBe(false);
    expect(body.data).toMatchObject({ total: 2, totalExact: true, next: null, page: 1, pageSize: 100 });
    const everything = JSON.stringify((await logins(platformToken, { pageSize: '100' })).body);
    expect(everything).not.toContain('good-password-1');
    expect(everything).not.toContain('typo-password-9');
  });

  it("shows a tenant its own sign-ins only; an unknown user name is the platform's alone", async () => {
    await signIn('log-nobody', 'whatever-password', '10.81.0.2');
    await signIn('admin', 'wrong-admin-password', '10.81.0.2');
    // The platform sees both (no tenant, and its own); tenant B sees neither, only its own rows.
    const platform = (await logins(platformToken, filter(['ip', '=', '10.81.0.2']))).body.data.list;
    expect(platform.map((r) => [r.username, r.tenantId, r.userId, r.reason])).toEqual([
      ['admin', 1, expect.any(Number), 'bad_credentials'],
      ['log-nobody', null, null, 'bad_credentials'],
    ]);
    expect((await logins(b.token, filter(['ip', '=', '10.81.0.2']))).body.data).toMatchObject({ list: [], total: 0 });
    const mine = (await logins(b.token, { pageSize: '100' })).body.data.list;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.tenantId === b.tenantId)).toBe(true);
    // Asking for another tenant's rows by name finds nothing either: the filter runs inside the tenant.
    expect((await logins(b.token, filter(['tenantId', '=', 1]))).body.data.total).toBe(0);
    expect((await logins(b.token, filter(['tenantId', 'null']))).body.data.total).toBe(0);
    // The platform sees every tenant's rows, B's included.
    expect((await logins(platformToken, filter(['tenantId', '=', b.tenantId]))).body.data.total).toBe(mine.length);
  });

  describe('as a list', () => {
    beforeAll(async () => {
      // Twelve attempts in tenant C: user-00 ... user-11, every third a failure.
      for (let i = 0; i < 12; i++) {
        await logAttempt(t.db, {
          method: i % 2 ? 'mobile' : 'account',
          username: `user-${String(i).padStart(2, '0')}`,
          tenantId: c.tenantId,
          userId: c.adminId,
          ip: `10.82.0.${i}`,
          userAgent: i === 7 ? 'Special-Agent/7' : 'Agent',
          reason: i % 3 ? 'ok' : 'bad_credentials',
        });
      }
    });

    it('pages newest first, with the total and a cursor that walks every row once', async () => {
      const page1 = (await logins(c.token, { pageSize: '5' })).body.data;
      expect(page1).toMatchObject({ total: 12, totalExact: true, page: 1, pageSize: 5 });
      expect(page1.list.map((r) => r.username)).toEqual(['user-11', 'user-10', 'user-09', 'user-08', 'user-07']);
      const page3 = (await logins(c.token, { pageSize: '5', page: '3' })).body.data;
      expect(page3.list.map((r) => r.username)).toEqual(['user-01', 'user-00']);
      expect(page3.next).toBeNull();
      const seen = [...page1.list];
      let next = page1.next;
      while (next) {
        const page = (await logins(c.token, { pageSize: '5', after: next })).body.data;
        seen.push(...page.list);
        next = page.next;
      }
      expect(seen.map((r) => r.username)).toEqual(Array.from({ length: 12 }, (_, i) => `user-${String(11 - i).padStart(2, '0')}`));
    });

    it('filters by result, method, user agent and keyword, and sorts by any listed field', async () => {
      const failed = (await logins(c.token, filter(['result', '=', 2]))).body.data;
      expect(failed.list.map((r) => r.username)).toEqual(['user-09', 'user-06', 'user-03', 'user-00']);
      expect(failed.list.every((r) => r.reason === 'bad_credentials')).toBe(true);
      const mobileFailures = (await logins(c.token, filter(['result', '=', 2], ['method', '=', 'mobile']))).body.data;
      expect(mobileFailures.list.map((r) => r.username)).toEqual(['user-09', 'user-03']);
      // The keyword searches user names and IPs (indexed); the user agent is a like filter, though LOGIN_LOG_FIELDS does not list it.
      expect((await logins(c.token, filter(['keyword', 'special-agent']))).body.data.total).toBe(0);
      expect((await logins(c.token, filter(['keyword', '10.82.0.7']))).body.data.list.map((r) => r.username)).toEqual(['user-07']);
      expect((await logins(c.token, filter(['userAgent', 'like', 'special']))).body.data.total).toBe(1);
      const sorted = (await logins(c.token, { sort: 'reason,-username', pageSize: '3' })).body.data.list;
      expect(sorted.map((r) => [r.reason, r.username])).toEqual([
        ['bad_credentials', 'user-09'],
        ['bad_credentials', 'user-06'],
        ['bad_credentials', 'user-03'],
      ]);
    });

    it.each<[string, Record<string, string>, string]>([
      ['a filter on an unknown field', { filter: JSON.stringify([['password', '=', 'x']]) }, 'Unknown field "password"'],
      ['a sort on an unknown field', { sort: 'secret' }, 'Unknown field "secret"'],
      ['a result that is not a number', { filter: JSON.stringify([['result', '=', 'bad']]) }, 'result needs a whole number'],
      ['a date that is not one', { filter: JSON.stringify([['createdAt', '>', 'yesterday']]) }, 'createdAt needs a date'],
      ['a text operator on a number', { filter: JSON.stringify([['result', 'like', '1']]) }, 'works on text fields only'],
      ['a page size over the limit', { pageSize: '101' }, 'The page size must be at most 100'],
      ['a cursor it never gave out', { after: 'bm90LWEtY3Vyc29y' }, 'Not a cursor this list gave out'],
    ])('refuses %s with a 400 saying what is wrong', async (_what, query, message) => {
      const { status, body } = await logins(c.token, query);
      expect(status).toBe(400);
      expect(body.message).toContain(message);
    });
  });
});

describe('audit log', () => {
  it('shows a department created and changed through the API: who, which call, on what, which fields', async () => {
    const created = await post('/user/admin/dept/edit', { name: 'Audited', code: 'audited' }, b.token);
    expect(created.body.code).toBe(0);
    const id = created.body.data.id;
    expect((await post('/user/admin/dept/edit', { id, name: 'Audited again', code: 'audited' }, b.token)).body.code).toBe(0);
    const { status, body } = await audits(b.token, filter(['action', '=', '/user/admin/dept/edit']));
    expect(status).toBe(200);
    const base = { tenantId: b.tenantId, userId: b.adminId, username: 'log-b.admin', action: '/user/admin/dept/edit', ip: '127.0.0.1' };
    // The change names the department by the id in its body; the create has none to name it by.
    expect(body.data.list).toMatchObject([
      { ...base, target: String(id) },
      { ...base, target: '' },
    ]);
    // Contains, not equals: the registrar records the keys of the parsed body, defaulted ones included.
    expect(body.data.list[0]!.fields).toEqual(expect.arrayContaining(['id', 'name', 'code']));
    expect(body.data.list[1]!.fields).toEqual(expect.arrayContaining(['name', 'code']));
    expect(body.data.list[1]!.fields).not.toContain('id');
    // Values are not kept: only the names of the fields.
    expect(JSON.stringify(body.data.list)).not.toContain('Audited');
  });

  it('shows a user created through the API with the password field named but its value nowhere', async () => {
    const created = await post(
      '/user/admin/member/edit',
      { username: 'log-b.created', password: 'created-secret-77', realName: 'Created', mobile: '13800008101' },
      b.token,
    );
    expect(created.body.code).toBe(0);
    const [entry] = (await audits(b.token, filter(['action', '=', '/user/admin/member/edit']))).body.data.list;
    expect(entry).toMatchObject({ tenantId: b.tenantId, userId: b.adminId, username: 'log-b.admin', target: '' });
    expect(entry!.fields).toEqual(expect.arrayContaining(['username', 'password', 'realName', 'mobile']));
    expect(JSON.stringify((await audits(platformToken, { pageSize: '100' })).body)).not.toContain('created-secret-77');
  });

  it('keeps no entry for a refused write or for reading', async () => {
    const before = (await audits(b.token)).body.data.total;
    const refused = await post('/user/admin/dept/edit', { name: ' ', code: 'blank' }, b.token);
    expect(refused.status).toBe(400);
    await t.app.inject({ url: '/user/admin/dept/list', headers: auth(b.token) });
    expect((await audits(b.token)).body.data.total).toBe(before);
  });

  it("shows a tenant its own writes only; the platform sees every tenant's", async () => {
    expect((await post('/user/admin/dept/edit', { name: 'Platform dept', code: 'log-platform' }, platformToken)).body.code).toBe(0);
    const mine = (await audits(b.token, { pageSize: '100' })).body.data;
    expect(mine.total).toBeGreaterThanOrEqual(3);
    expect(mine.list.every((r) => r.tenantId === b.tenantId)).toBe(true);
    expect((await audits(b.token, filter(['tenantId', '=', 1]))).body.data.total).toBe(0);
    expect((await audits(c.token, { pageSize: '100' })).body.data.total).toBe(0);
    const platform = (await audits(platformToken, { pageSize: '100' })).body.data.list;
    expect(platform.some((r) => r.tenantId === 1 && r.action === '/user/admin/dept/edit')).toBe(true);
    expect(platform.filter((r) => r.tenantId === b.tenantId).map((r) => r.id)).toEqual(mine.list.map((r) => r.id));
  });

  it('pages newest first, filters, sorts and refuses unknown fields', async () => {
    for (const code of ['c-1', 'c-2', 'c-3', 'c-4', 'c-5']) {
      expect((await post('/user/admin/dept/edit', { name: `Dept ${code}`, code }, c.token)).body.code).toBe(0);
    }
    const created = (await audits(c.token, { pageSize: '100' })).body.data.list;
    expect(created).toHaveLength(5);
    const ids = created.map((r) => r.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    const page1 = (await audits(c.token, { pageSize: '2' })).body.data;
    expect(page1).toMatchObject({ total: 5, totalExact: true, page: 1, pageSize: 2 });
    expect(page1.list.map((r) => r.id)).toEqual(ids.slice(0, 2));
    const page2 = (await audits(c.token, { pageSize: '2', after: page1.next! })).body.data;
    expect(page2.list.map((r) => r.id)).toEqual(ids.slice(2, 4));
    expect((await audits(c.token, { pageSize: '2', page: '3' })).body.data.list.map((r) => r.id)).toEqual(ids.slice(4));
    expect((await audits(c.token, { sort: 'id', pageSize: '100' })).body.data.list.map((r) => r.id)).toEqual([...ids].reverse());
    expect((await audits(c.token, filter(['id', '<=', ids[1]!]))).body.data.total).toBe(4);
    expect((await audits(c.token, filter(['keyword', 'DEPT/EDIT']))).body.data.total).toBe(5);
    expect((await audits(c.token, filter(['action', 'like', 'member']))).body.data.total).toBe(0);
    // The field names sent are shown, but not offered to filter on.
    const unknown = await audits(c.token, filter(['fields', '=', 'name']));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Unknown field "fields"');
    expect((await audits(c.token, { sort: '-fields' })).status).toBe(400);
  });
});

describe('who may read the logs', () => {
  it('refuses both lists with a 403 to a user whose role grants neither', async () => {
    const { tenantId } = await createTenant(t.db, { code: 'log-d' });
    const id = await createUser(t.db, { username: 'log-d.clerk', tenantId, menuPaths: ['/org/dept'] });
    const token = await tokenFor(t.db, tenantId, id);
    for (const which of ['login', 'audit'] as const) {
      const { status, body } = await list(which, token);
      expect(status).toBe(403);
      expect(body.message).toBe(`You do not have permission to call /user/admin/log/${which}/list: ask an administrator to grant it to your role`);
    }
  });

  it('opens only the log the role grants', async () => {
    const id = await createUser(t.db, { username: 'log-c.auditor', tenantId: c.tenantId, menuPaths: [] });
    await grantCall(c.tenantId, id, '/user/admin/log/audit/list');
    const token = await tokenFor(t.db, c.tenantId, id);
    expect((await audits(token)).status).toBe(200);
    expect((await logins(token)).status).toBe(403);
  });

  it('answers 61 to a caller who is not signed in', async () => {
    const res = await t.app.inject({ url: '/user/admin/log/login/list' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(61);
  });
});
