import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { OpenAccessRecord } from '@uc/contracts';
import { loginLogs, openAccessKeys } from '../../db/schema';
import { auth, createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { OPEN_LOGIN_FAILED, signOpenLogin } from './open-login.service';
import { SecretBox } from './secret-box';

let t: TestApp;
let admin: string;
let keeper: string;
let keeperId: number;
let memberId: number;
let bossId: number;
let otherTenantUser: number;

beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      const a = await createTenant(db, { code: 'oa-a' });
      const b = await createTenant(db, { code: 'oa-b' });
      // The keeper manages keys; the member holds less (only the menu screen), the boss holds more.
      keeperId = await createUser(db, {
        username: 'oa.keeper',
        tenantId: a.tenantId,
        menuPaths: ['/permission/openaccess', '/permission/menu'],
        withButtons: true,
      });
      memberId = await createUser(db, { username: 'oa.member', tenantId: a.tenantId, menuPaths: ['/permission/menu'] });
      bossId = await createUser(db, {
        username: 'oa.boss',
        tenantId: a.tenantId,
        menuPaths: ['/permission/openaccess', '/permission/role'],
        withButtons: true,
      });
      otherTenantUser = await createUser(db, { username: 'oa.other', tenantId: b.tenantId, menuPaths: [] });
    },
  });
  admin = await t.login();
  keeper = await t.login('oa.keeper', 'user-password-1');
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.app.inject({ url, headers: auth(token) });
const post = (url: string, payload: unknown, token = admin) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });
const nonce = () => randomBytes(12).toString('hex');
const now = () => Math.floor(Date.now() / 1000);
const signIn = (key: string, secret: string, opts: { timestamp?: number; nonce?: string; ip?: string } = {}) => {
  const timestamp = opts.timestamp ?? now();
  const n = opts.nonce ?? nonce();
  return t.app.inject({
    method: 'POST',
    url: '/user/admin/site/access/open/login',
    remoteAddress: opts.ip,
    payload: { key, timestamp, nonce: n, signature: signOpenLogin(secret, key, timestamp, n) },
  });
};

describe('open access keys', () => {
  let key: string;
  let secret: string;
  let id: number;

  it('creates a key and shows its secret once, masked afterwards', async () => {
    const res = await post('/user/admin/openaccess/edit', { title: 'CI bot', userId: keeperId, remark: 'for the build' }, keeper);
    expect(res.statusCode).toBe(200);
    ({ id, key, secret } = res.json().data);
    expect(key).toMatch(/^ak_[0-9a-f]{32}$/);
    expect(secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = (await get('/user/admin/openaccess/list', keeper)).json().data;
    expect(list.total).toBe(1);
    const row = list.list[0] as OpenAccessRecord;
    expect(row).toMatchObject({
      id,
      key,
      title: 'CI bot',
      userId: keeperId,
      username: 'oa.keeper',
      status: 1,
      remark: 'for the build',
      secretMasked: `sk_…${secret.slice(-4)}`,
    });
    const view = (await get(`/user/admin/openaccess/view?id=${id}`, keeper)).json().data;
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(JSON.stringify(view)).not.toContain(secret);
    expect(view.secretMasked).toBe(row.secretMasked);
    // An update never touches (nor returns) the secret.
    const upd = (await post('/user/admin/openaccess/edit', { id, title: 'CI bot 2', userId: keeperId }, keeper)).json().data;
    expect(upd).toEqual({ id, key });
  });

  it('stores the secret encrypted, bound to its key', async () => {
    const [raw] = await t.db.select().from(openAccessKeys).where(eq(openAccessKeys.id, id));
    expect(raw!.secretEnc).not.toContain(secret);
    expect(raw!.secretEnc.startsWith('v1:')).toBe(true);
    const dump = JSON.stringify((await t.db.execute(sql`select * from open_access_keys`)) as unknown);
    expect(dump).not.toContain(secret.slice(3));
    const serverKey = readFileSync(join(t.config.dataDir, 'secret.key'), 'utf8').trim();
    const box = new SecretBox(Buffer.from(serverKey, 'hex'));
    expect(box.open(raw!.secretEnc, key)).toBe(secret);
    expect(box.open(raw!.secretEnc, 'ak_another')).toBeUndefined();
    expect(existsSync(join(t.config.dataDir, 'secret.key'))).toBe(true);
  });

  it("signs in as the linked user with that user's permissions", async () => {
    const res = await signIn(key, secret);
    expect(res.json()).toMatchObject({ code: 0, data: { id: keeperId, username: 'oa.keeper' } });
    const token = res.json().data.token as string;
    expect((await get('/user/admin/openaccess/list', token)).statusCode).toBe(200);
    expect((await get('/user/admin/role/list', token)).statusCode).toBe(403);
    const [log] = await t.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.method, 'open'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(log).toMatchObject({ userId: keeperId, result: 1, reason: 'ok' });
  });

  it('refuses a replayed nonce, a stale or future timestamp, a bad signature and an unknown key', async () => {
    const n = nonce();
    expect((await signIn(key, secret, { nonce: n })).json().code).toBe(0);
    const again = await signIn(key, secret, { nonce: n });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/nonce was used already/);
    const stale = await signIn(key, secret, { timestamp: now() - 301 });
    expect(stale.json().message).toMatch(/more than 5 minutes/);
    expect((await signIn(key, secret, { timestamp: now() + 400 })).statusCode).toBe(400);
    const bad = await signIn(key, 'sk_wrong');
    const unknown = await signIn('ak_nobody', secret);
    expect(bad.json()).toEqual(unknown.json());
    expect(bad.json().message).toBe(OPEN_LOGIN_FAILED);
    const short = await t.app.inject({
      method: 'POST',
      url: '/user/admin/site/access/open/login',
      payload: { key, timestamp: now(), nonce: 'short', signature: 'ab' },
    });
    expect(short.statusCode).toBe(400);
  });

  it('after rotation the old secret fails and the new one works', async () => {
    const rotated = (await post('/user/admin/openaccess/rotate', { id }, keeper)).json().data;
    expect(rotated.key).toBe(key);
    expect(rotated.secret).not.toBe(secret);
    expect((await signIn(key, secret)).json().message).toBe(OPEN_LOGIN_FAILED);
    expect((await signIn(key, rotated.secret as string)).json().code).toBe(0);
    secret = rotated.secret;
  });

  it('refuses a disabled key and a disabled linked user; a deleted key is unknown', async () => {
    await post('/user/admin/openaccess/status', { id, status: 2 }, keeper);
    expect((await signIn(key, secret)).statusCode).toBe(403);
    await post('/user/admin/openaccess/status', { id, status: 1 }, keeper);
    await t.db.execute(sql`update users set status = 2 where id = ${keeperId}`);
    expect((await signIn(key, secret)).statusCode).toBe(403);
    await t.db.execute(sql`update users set status = 1 where id = ${keeperId}`);
    expect((await post('/user/admin/openaccess/delete', { id }, keeper)).json().code).toBe(0);
    expect((await signIn(key, secret)).json().message).toBe(OPEN_LOGIN_FAILED);
    expect((await get(`/user/admin/openaccess/view?id=${id}`, keeper)).statusCode).toBe(404);
  });

  it("links only users of the caller's tenant who hold no more than the caller", async () => {
    expect((await post('/user/admin/openaccess/edit', { title: 'x', userId: otherTenantUser }, keeper)).statusCode).toBe(404);
    expect((await post('/user/admin/openaccess/edit', { title: 'x', userId: bossId }, keeper)).statusCode).toBe(403);
    expect((await post('/user/admin/openaccess/edit', { title: 'x', userId: memberId }, keeper)).statusCode).toBe(200);
    expect((await post('/user/admin/openaccess/edit', { title: '', userId: memberId }, keeper)).json().message).toMatch(/Title cannot be empty/);
  });
});

describe('sessions opened with a key', () => {
  const newKey = async (userId = keeperId) => {
    const made = (await post('/user/admin/openaccess/edit', { title: `Key ${nonce()}`, userId }, keeper)).json().data as {
      id: number;
      key: string;
      secret: string;
    };
    return made;
  };
  const sessionOf = async (k: { key: string; secret: string }) => {
    const res = await signIn(k.key, k.secret);
    expect(res.json()).toMatchObject({ code: 0 });
    return res.json().data.token as string;
  };
  const works = async (token: string) => (await get('/user/admin/member/info', token)).json().code === 0;
  let raceIp = 0;

  it.each([
    ['disabling it', (id: number) => post('/user/admin/openaccess/status', { id, status: 2 }, keeper)],
    ['disabling it through edit', (id: number) => post('/user/admin/openaccess/edit', { id, title: 'Edited off', userId: keeperId, status: 2 }, keeper)],
    ['rotating its secret', (id: number) => post('/user/admin/openaccess/rotate', { id }, keeper)],
    ['deleting it', (id: number) => post('/user/admin/openaccess/delete', { id }, keeper)],
    ['linking it to another user', (id: number) => post('/user/admin/openaccess/edit', { id, title: 'Relinked', userId: memberId }, keeper)],
  ])('end at once on %s, and only those of that key', async (_what, change) => {
    const k = await newKey();
    const other = await newKey();
    const [first, second, untouched] = [await sessionOf(k), await sessionOf(k), await sessionOf(other)];
    expect([await works(first), await works(second), await works(untouched)]).toEqual([true, true, true]);
    expect((await change(k.id)).json()).toMatchObject({ code: 0 });
    const after = await get('/user/admin/member/info', first);
    expect(after.json().code).toBe(61);
    expect([await works(second), await works(untouched), await works(keeper)]).toEqual([false, true, true]);
  });

  it('stay on an edit that keeps the key enabled and linked to the same user', async () => {
    const k = await newKey();
    const token = await sessionOf(k);
    expect((await post('/user/admin/openaccess/edit', { id: k.id, title: 'Renamed', userId: keeperId, remark: 'new remark' }, keeper)).json().code).toBe(0);
    expect(await works(token)).toBe(true);
  });

  it.each([
    ['disable', (id: number) => post('/user/admin/openaccess/status', { id, status: 2 }, keeper)],
    ['rotation', (id: number) => post('/user/admin/openaccess/rotate', { id }, keeper)],
    ['delete', (id: number) => post('/user/admin/openaccess/delete', { id }, keeper)],
  ])('leave none alive when sign-ins race a %s', async (_what, change) => {
    const k = await newKey();
    // An address of its own: the refused sign-ins must not reach the per-IP throttle (20 failures).
    const ip = `10.6.0.${++raceIp}`;
    const signIns = Array.from({ length: 16 }, () => signIn(k.key, k.secret, { ip }));
    const [changed, ...answers] = await Promise.all([change(k.id), ...signIns]);
    expect(changed.json().code).toBe(0);
    const tokens = answers.filter((r) => r.json().code === 0).map((r) => r.json().data.token as string);
    const alive = (await Promise.all(tokens.map(works))).filter(Boolean).length;
    // A sign-in that lost the race is refused like a wrong key (400), never with a server error.
    const failures = answers
      .filter((r) => r.json().code !== 0)
      .map((r) => r.statusCode)
      .filter((s) => s !== 400 && s !== 403);
    expect({ alive, failures }).toEqual({ alive: 0, failures: [] });
  });

  it('remember their key in the database', async () => {
    const k = await newKey();
    await sessionOf(k);
    const rows = (await t.db.execute(sql`select count(*)::int as n from sessions where open_access_key_id = ${k.id}`)) as unknown as { rows: { n: number }[] };
    expect(Number(rows.rows[0]!.n)).toBe(1);
  });
});

describe('demo sign-in', () => {
  it('is refused while demo mode is off', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/admin/site/demo/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/^Demo mode is off/);
  });

  it('signs in a read-only account when demo mode is on', async () => {
    const demo = await createTestApp({ env: { DEMO_MODE: 'true' } });
    try {
      expect((await demo.app.inject({ url: '/user/admin/site/loginConfig' })).json().data.demoMode).toBe(true);
      const res = await demo.app.inject({ method: 'POST', url: '/user/admin/site/demo/login' });
      expect(res.json()).toMatchObject({ code: 0, data: { username: 'demo' } });
      const token = res.json().data.token as string;
      // The same account on the next sign-in.
      const again = (await demo.app.inject({ method: 'POST', url: '/user/admin/site/demo/login' })).json().data;
      expect(again.id).toBe(res.json().data.id);
      expect((await demo.app.inject({ url: '/user/admin/role/list', headers: auth(token) })).statusCode).toBe(200);
      for (const [url, payload] of [
        ['/user/admin/role/edit', { name: 'x', key: 'x' }],
        ['/user/admin/openaccess/edit', { title: 'x', userId: 1 }],
        ['/user/admin/member/sessions/revoke', { id: 1 }],
      ] as const) {
        const write = await demo.app.inject({ method: 'POST', url, payload, headers: auth(token) });
        expect(write.statusCode).toBe(403);
        expect(write.json().message).toBe('The demo account is read-only');
      }
      // Signing out still works (public call).
      expect((await demo.app.inject({ method: 'POST', url: '/user/admin/site/logout', headers: auth(token) })).json().code).toBe(0);
    } finally {
      await demo.close();
    }
  });
});

describe('migration 0013 (databases seeded before the open access calls)', () => {
  it('moves the old placeholder permissions of /permission/openaccess onto buttons, granted to the roles holding the menu', async () => {
    const old = ['list', 'view', 'option', 'edit', 'delete', 'status'].map((v) => `/user/admin/openaccess/${v}`).join(',');
    const [menu] = ((await t.db.execute(sql`select id from menus where path = '/permission/openaccess'`)) as unknown as { rows: { id: number }[] }).rows;
    const menuId = Number(menu!.id);
    // The state of an old database: the placeholder permissions, no buttons, a role holding the menu.
    await t.db.execute(sql`delete from menus where parent_id = ${menuId}`);
    await t.db.execute(sql`update menus set permissions = ${old} where id = ${menuId}`);
    const holder = await createUser(t.db, { username: 'oa.old', menuPaths: ['/permission/openaccess'] });
    const migration = readFileSync(join(process.cwd(), 'drizzle', '0013_open_access_menu_buttons.sql'), 'utf8');
    await t.db.execute(sql.raw(migration));
    const rows = (
      (await t.db.execute(sql`select permissions from menus where id = ${menuId} or parent_id = ${menuId} order by id`)) as unknown as {
        rows: { permissions: string }[];
      }
    ).rows;
    expect(rows.map((r) => r.permissions)).toEqual([
      '/user/admin/openaccess/list,/user/admin/openaccess/view,/user/admin/member/list',
      '/user/admin/openaccess/edit',
      '/user/admin/openaccess/edit',
      '/user/admin/openaccess/rotate',
      '/user/admin/openaccess/status',
      '/user/admin/openaccess/delete',
    ]);
    const granted = (
      (await t.db.execute(sql`
      select count(*)::int as n from role_menus rm join user_roles ur on ur.role_id = rm.role_id and ur.tenant_id = rm.tenant_id
      join menus m on m.id = rm.menu_id where ur.user_id = ${holder} and m.parent_id = ${menuId}`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(Number(granted[0]!.n)).toBe(5);
    // Run twice: nothing more happens.
    await t.db.execute(sql.raw(migration));
    expect(((await t.db.execute(sql`select id from menus where parent_id = ${menuId}`)) as unknown as { rows: unknown[] }).rows).toHaveLength(5);
  });
});
