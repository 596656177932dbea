import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { ALL_CALLS, permissionOf, type BatchResult, type CallContract } from '@uc/contracts';
import { PLATFORM_TENANT_ID } from '../db/seed';
import { depts, menus, notices, openAccessKeys, posts, roleMenus, roles, userRoles } from '../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../test/fixtures';
import { idLocation, pick, prng, RANDOM_HEADERS, randomBody, randomQuery, shapeOf } from '../test/route-table';
import { createTestApp, type TestApp } from '../test/test-app';
import { CAPTCHA_FAILED, LOGIN_FAILED } from '../modules/auth/auth.service';
import { UNLOCK_WRONG_PASSWORD } from '../modules/member/member-unlock.routes';
import { PLATFORM_ONLY, registeredCalls } from './route-registrar';

/** 400 answers about the request's meaning rather than its shape (they need not name a field). */
const DOMAIN_MESSAGES = new Set<string>([LOGIN_FAILED, CAPTCHA_FAILED, UNLOCK_WRONG_PASSWORD]);

/*
 * Generated from the registered routes: a new call is covered by every test here without a line of
 * test code, except that a call taking a record id must say (in OTHER_TENANT_RECORD) which record.
 */

let t: TestApp;
let calls: readonly CallContract[];
let tenantAdmin: { tenantId: number; userId: number };
let bareUserToken: string;
let other: { tenantId: number; userId: number; sessionId: number; roleId: number; deptId: number; postId: number; openKeyId: number; noticeId: number };

/** How to make a record of another tenant for each call that takes an id (keyed by call path). */
const OTHER_TENANT_RECORD: Record<string, () => number> = {
  '/user/admin/member/forceLogout': () => other.userId,
  '/user/admin/online/forceLogout': () => other.userId,
  '/user/admin/member/sessions/revoke': () => other.sessionId,
  '/user/admin/role/view': () => other.roleId,
  '/user/admin/role/edit': () => other.roleId,
  '/user/admin/role/delete': () => other.roleId,
  '/user/admin/role/status': () => other.roleId,
  '/user/admin/role/menus': () => other.roleId,
  ...Object.fromEntries(['view', 'edit', 'delete', 'status'].map((v) => [`/user/admin/dept/${v}`, () => other.deptId])),
  ...Object.fromEntries(['view', 'edit', 'delete', 'status'].map((v) => [`/user/admin/post/${v}`, () => other.postId])),
  ...Object.fromEntries(
    ['view', 'edit', 'delete', 'status', 'resetPwd', 'restore', 'purge', 'addBalance', 'addIntegral'].map((v) => [
      `/user/admin/member/${v}`,
      () => other.userId,
    ]),
  ),
  '/user/admin/openaccess/view': () => other.openKeyId,
  '/user/admin/openaccess/edit': () => other.openKeyId,
  '/user/admin/openaccess/rotate': () => other.openKeyId,
  '/user/admin/openaccess/status': () => other.openKeyId,
  '/user/admin/openaccess/delete': () => other.openKeyId,
  // A notice published to everyone in the other tenant: neither its reader nor its administrator here.
  ...Object.fromEntries(['detail', 'view', 'edit', 'publish', 'withdraw', 'delete'].map((v) => [`/admin/admin/notice/${v}`, () => other.noticeId])),
};
/** The rest of a valid body for calls that take more than the id. */
const REST_OF_BODY: Record<string, Record<string, unknown>> = {
  '/user/admin/role/edit': { name: 'Probe', key: 'probe' },
  '/user/admin/role/status': { status: 1 },
  '/user/admin/role/menus': { menuIds: [] },
  '/user/admin/dept/edit': { name: 'Smuggled', code: 'smuggled' },
  '/user/admin/dept/status': { status: 2 },
  '/user/admin/post/edit': { name: 'Smuggled', code: 'smuggled' },
  '/user/admin/post/status': { status: 2 },
  '/user/admin/member/edit': { username: 'smuggled', realName: 'Smuggled', mobile: '13800000000' },
  '/user/admin/member/status': { status: 2 },
  // The other tenant's session (read when the body is made), with its user's id or a missing one.
  '/user/admin/online/forceLogout': {
    get sessionId() {
      return other.sessionId;
    },
  },
  '/user/admin/member/resetPwd': { password: 'smuggled-password' },
  '/user/admin/member/addBalance': { operateMode: 1, num: 1 },
  '/user/admin/member/addIntegral': { operateMode: 1, num: 1 },
  '/user/admin/openaccess/edit': { title: 'Probe', userId: 1 },
  '/user/admin/openaccess/status': { status: 1 },
  '/admin/admin/notice/edit': { title: 'Probe', content: 'Probe', rangeType: 1 },
};

/** Calls on platform data, which belongs to no tenant (menus are the platform's catalogue). */
const PLATFORM_DATA = new Set([
  '/user/admin/menu/view',
  '/user/admin/menu/edit',
  '/user/admin/menu/delete',
  '/user/admin/menu/status',
  // The upgrade history is the platform's, read by every tenant (modules/upgrade-log).
  '/user/admin/upgrade/logs/view',
  '/user/admin/upgrade/logs/edit',
  '/user/admin/upgrade/logs/delete',
]);

beforeAll(async () => {
  t = await createTestApp();
  calls = registeredCalls(t.app);
  const a = await createTenant(t.db, { code: 'routes-a' });
  const b = await createTenant(t.db, { code: 'routes-b' });
  // Tenant A's administrator holds every menu (every permission), without being the platform super admin.
  const adminId = await createUser(t.db, { username: 'routes.admin', tenantId: a.tenantId, menuPaths: [] });
  const [role] = await t.db
    .select({ id: roles.id })
    .from(roles)
    .innerJoin(userRoles, sql`${userRoles.roleId} = ${roles.id} and ${userRoles.tenantId} = ${roles.tenantId}`)
    .where(sql`${userRoles.userId} = ${adminId}`);
  const all = await t.db.select({ id: menus.id }).from(menus);
  await t.db.insert(roleMenus).values(all.map((m) => ({ tenantId: a.tenantId, roleId: role!.id, menuId: m.id })));
  tenantAdmin = { tenantId: a.tenantId, userId: adminId };
  const bare = await createUser(t.db, { username: 'routes.bare', tenantId: a.tenantId });
  bareUserToken = await tokenFor(t.db, a.tenantId, bare);
  const otherUser = await createUser(t.db, { username: 'routes.other', tenantId: b.tenantId, menuPaths: [] });
  await tokenFor(t.db, b.tenantId, otherUser);
  const [session] = ((await t.db.execute(sql`select id from sessions where user_id = ${otherUser} limit 1`)) as unknown as { rows: { id: number }[] }).rows;
  const [otherRole] = await t.db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(sql`${userRoles.userId} = ${otherUser}`);
  const [post] = await t.db.insert(posts).values({ tenantId: b.tenantId, name: 'Other post', code: 'other' }).returning({ id: posts.id });
  const [otherKey] = await t.db
    .insert(openAccessKeys)
    .values({ tenantId: b.tenantId, title: 'Other', accessKey: 'ak_other_tenant', secretEnc: 'v1:', secretHint: 'abcd', userId: otherUser })
    .returning({ id: openAccessKeys.id });
  const [otherNotice] = await t.db
    .insert(notices)
    .values({ tenantId: b.tenantId, title: 'Other', rangeType: 1, state: 1, publishedAt: new Date(), senderId: otherUser })
    .returning({ id: notices.id });
  other = {
    tenantId: b.tenantId,
    userId: otherUser,
    sessionId: Number(session!.id),
    roleId: otherRole!.id,
    deptId: b.deptId,
    postId: post!.id,
    openKeyId: otherKey!.id,
    noticeId: otherNotice!.id,
  };
});
afterAll(() => t.close());

const send = (call: CallContract, opts: { token?: string; query?: Record<string, string | string[]>; body?: unknown; headers?: Record<string, string> }) =>
  t.app.inject({
    method: call.method,
    url: call.path,
    query: opts.query,
    headers: { ...(opts.token ? auth(opts.token) : {}), ...opts.headers },
    ...(call.method === 'GET'
      ? {}
      : {
          payload: JSON.stringify(opts.body ?? {}),
          headers: { 'content-type': 'application/json', ...(opts.token ? auth(opts.token) : {}), ...opts.headers },
        }),
  });

const isEnvelope = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { code: unknown }).code === 'number' &&
  typeof (body as { message: unknown }).message === 'string' &&
  'data' in body;

describe('route table', () => {
  it('covers the whole contract catalogue, every call once', () => {
    const key = (c: CallContract) => `${c.method} ${c.path}`;
    expect(calls.map(key).sort()).toEqual(ALL_CALLS.map(key).sort());
    expect(new Set(calls.map(key)).size).toBe(ALL_CALLS.length);
  });

  it('answers 61 to every non-public route called without a token', async () => {
    for (const call of calls.filter((c) => c.access !== 'public')) {
      const res = await send(call, {});
      expect({ call: call.path, status: res.statusCode, code: res.json().code }).toEqual({ call: call.path, status: 401, code: 61 });
    }
  });

  it('answers 403 to every permission route called by a user without that permission', async () => {
    for (const call of calls.filter((c) => c.access === 'permission')) {
      const res = await send(call, { token: bareUserToken });
      expect({ call: call.path, status: res.statusCode, code: res.json().code }).toEqual({ call: call.path, status: 403, code: -1 });
    }
  });

  it('answers 403 to every platform-only call from another tenant, even one granted every permission', async () => {
    const token = await tokenFor(t.db, tenantAdmin.tenantId, tenantAdmin.userId);
    const platformOnly = calls.filter((c) => c.platformOnly);
    expect(platformOnly.length).toBeGreaterThan(0);
    for (const call of platformOnly) {
      const res = await send(call, { token });
      expect({ call: call.path, status: res.statusCode, message: res.json().message }).toEqual({ call: call.path, status: 403, message: PLATFORM_ONLY });
    }
  });

  it("treats another tenant's record id as one that does not exist", async () => {
    for (const call of calls.filter((c) => idLocation(c) && c.access !== 'public' && !c.platformOnly && !PLATFORM_DATA.has(c.path))) {
      const make = OTHER_TENANT_RECORD[call.path];
      if (!make) throw new Error(`${call.path} takes an id: add it to OTHER_TENANT_RECORD in route-table.test.ts`);
      const token = await tokenFor(t.db, tenantAdmin.tenantId, tenantAdmin.userId);
      const with_ = (id: number) => (idLocation(call) === 'body' ? { body: { ...REST_OF_BODY[call.path], id } } : { query: { id: String(id) } });
      const missingId = 2 ** 31 - 7;
      const foreignId = make();
      const missing = await send(call, { token, ...with_(missingId) });
      const foreign = await send(call, { token, ...with_(foreignId) });
      // The same answer, up to the id itself in the message.
      const seen = (res: typeof missing, id: number) => ({
        call: call.path,
        status: res.statusCode,
        body: { ...res.json(), message: res.json().message.replaceAll(String(id), '<id>') },
      });
      expect(seen(foreign, foreignId)).toEqual(seen(missing, missingId));
      expect(foreign.statusCode).toBe(404);
    }
    // The other tenant's session is untouched.
    const [row] = ((await t.db.execute(sql`select revoked_at from sessions where id = ${other.sessionId}`)) as unknown as { rows: { revoked_at: unknown }[] })
      .rows;
    expect(row?.revoked_at).toBeNull();
  });

  it("refuses, in a batch call, another tenant's record as one that does not exist (each row)", async () => {
    const batches = calls.filter((c) => c.batch);
    expect(batches.length).toBeGreaterThan(0);
    const token = await tokenFor(t.db, tenantAdmin.tenantId, tenantAdmin.userId);
    const [own] = await t.db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(sql`${userRoles.userId} = ${tenantAdmin.userId}`);
    const [ownDept] = await t.db
      .select({ id: depts.id })
      .from(depts)
      .where(sql`${depts.tenantId} = ${tenantAdmin.tenantId}`);
    // The rest of a valid body: what the batch takes besides ids, valid in the caller's own tenant.
    const rest: Record<string, object> = {
      '/user/admin/member/batch/status': { status: 2 },
      '/user/admin/member/batch/dept': { deptId: ownDept!.id },
      '/user/admin/member/batch/roles': { roleIds: [own!.roleId], mode: 'add' },
    };
    for (const call of batches) {
      // The record kind is the single-row call's (the one whose permission the batch needs).
      const make = OTHER_TENANT_RECORD[permissionOf(call)];
      if (!make) throw new Error(`${call.path}: add its single-row call ${permissionOf(call)} to OTHER_TENANT_RECORD in route-table.test.ts`);
      const missingId = 2 ** 31 - 7;
      const foreignId = make();
      const res = await send(call, { token, body: { ...rest[call.path], ids: [foreignId, missingId] } });
      expect({ call: call.path, status: res.statusCode }).toEqual({ call: call.path, status: 200 });
      const [foreign, missing] = (res.json().data as BatchResult).results;
      const seen = (row: typeof foreign, id: number) => ({
        call: call.path,
        done: row!.done,
        status: row!.status,
        message: row!.message.replaceAll(String(id), '<id>'),
      });
      expect(seen(foreign, foreignId)).toEqual(seen(missing, missingId));
      expect(foreign!.status).toBe(404);
    }
  });

  // 25 cases per call: the time grows with the catalogue (and with a loaded machine, ten times over), so
  // the limit (30 minutes) is there for a hang.
  it('never answers 500 to random bodies, query strings and headers; always the envelope, naming the field', async () => {
    const rand = prng(20240607);
    for (const call of calls) {
      const fields = [...Object.keys(shapeOf(call.body)), ...Object.keys(shapeOf(call.query))];
      for (let i = 0; i < 25; i++) {
        // A fresh token each time: a random call may well end its own session (logout, revoke).
        const token = rand() < 0.8 ? await tokenFor(t.db, PLATFORM_TENANT_ID, 1) : undefined;
        const headers = rand() < 0.3 ? pick(rand, RANDOM_HEADERS) : {};
        const res = await t.app.inject({
          method: call.method,
          url: call.path,
          query: randomQuery(rand, fields),
          headers: { ...(token ? auth(token) : {}), ...(call.method === 'GET' ? {} : { 'content-type': 'application/json' }), ...headers },
          ...(call.method === 'GET' ? {} : { payload: rand() < 0.1 ? '{"broken": ' : JSON.stringify(randomBody(rand, fields)) }),
        });
        const enc = res.headers['content-encoding'];
        const raw = enc === 'br' ? brotliDecompressSync(res.rawPayload) : enc === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
        const body = JSON.parse(raw.toString('utf8')) as { message: string; data?: { fields?: unknown[] } | null };
        const seen = { call: `${call.method} ${call.path}`, case: i, status: res.statusCode, body };
        expect(res.statusCode < 500 ? seen : { ...seen, problem: 'status 500' }).toEqual(seen);
        expect(isEnvelope(body) ? seen : { ...seen, problem: 'not an envelope' }).toEqual(seen);
        if (res.statusCode === 400 && fields.length > 0) {
          // The fields in data.fields (the message is a sentence without them), the body/content type as a
          // whole, or the part the spec's own text names ("Upload: Please select a file.").
          const named =
            DOMAIN_MESSAGES.has(body.message) ||
            (body.data?.fields?.length ?? 0) > 0 ||
            /^[A-Z][a-z]+: /.test(body.message) ||
            /body|content-type|JSON|query of the request/i.test(body.message);
          expect(named ? seen : { ...seen, problem: 'message names no field' }).toEqual(seen);
        }
      }
    }
  }, 1_800_000);
});
