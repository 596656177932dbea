import { setTimeout as delay } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { menus, roleMenus, roles, tenants, userRoles, users } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Session } from './access';
import { AUTH_LEASE_MS, AuthCache } from './auth-cache';
import { signOpenLogin } from '../open-access/open-login.service';
import { hashToken } from './token';

/*
 * Sessions, grants and member/info are cached in memory (auth-cache.ts). Each case warms the cache
 * (the session, the permission set and member/info are held), makes one revocation, and expects the
 * very next call to be refused: the request's auth epochs (drizzle/0020) moved with the revocation.
 */

let t: TestApp;
let admin: string;
let otherTenant: number;
const PASSWORD = 'user-password-1';

beforeAll(async () => {
  t = await createTestApp({
    beforeBuild: async (db) => {
      otherTenant = (await createTenant(db, { code: 'cache-b' })).tenantId;
    },
  });
  admin = await t.login();
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ url, headers: auth(token) });
const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: auth(token), payload });
const info = (token: string) => get('/user/admin/member/info', token);
const list = (token: string) => get('/user/admin/member/list', token);
/**
 * What a change made straight in the database waits for. A write through any server answers only once
 * the auth-epoch reads other servers may be using have run out (AUTH_LEASE_MS, on PostgreSQL), so its
 * client's next call sees it; a change by hand is seen within that time (or at once, by notification).
 */
const changedByHand = () => delay(AUTH_LEASE_MS);
const codeOf = async (res: Promise<{ json(): { code: number } }>) => (await res).json().code;

let serial = 0;
/** A platform-tenant user whose own role grants /org/user (member/list among others). */
async function member(tenantId?: number) {
  const username = `cache.user${++serial}.${randomBytes(3).toString('hex')}`;
  const id = await createUser(t.db, { username, password: PASSWORD, menuPaths: ['/org/user'], tenantId });
  const [role] = await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id));
  return { id, username, roleId: role!.id, tenantId: tenantId ?? 1 };
}

/** Calls until everything this user's calls use is cached, and checks it is. */
async function warm(token: string, tenantId: number) {
  for (let i = 0; i < 2; i++) {
    expect(await codeOf(info(token))).toBe(0);
    expect((await list(token)).statusCode).toBe(200);
  }
  const cached = t.app.authCache.session(hashToken(token));
  expect(cached).toMatchObject({ session: { tenantId } });
}

describe('a warm cache never outlives a revocation', () => {
  it('serves a signed-in call without reading the session again', async () => {
    const u = await member();
    const token = await tokenFor(t.db, 1, u.id);
    await warm(token, 1);
    // The row changed behind the cache's back in a way that revokes nothing: still served from memory.
    await t.db.execute(sql`update sessions set last_seen_at = now() where token_hash = ${hashToken(token)}`);
    expect(await codeOf(info(token))).toBe(0);
    expect(t.app.authCache.size.sessions).toBeGreaterThan(0);
  });

  it.each([
    ['logout', async (_u: Awaited<ReturnType<typeof member>>, token: string) => post('/user/admin/site/logout', token, {})],
    ['force logout', async (u: Awaited<ReturnType<typeof member>>) => post('/user/admin/member/forceLogout', admin, { id: u.id })],
    ['disabling the user', async (u: Awaited<ReturnType<typeof member>>) => post('/user/admin/member/status', admin, { id: u.id, status: 2 })],
    ['deleting the user', async (u: Awaited<ReturnType<typeof member>>) => post('/user/admin/member/delete', admin, { id: u.id })],
    [
      'a password reset by an administrator',
      async (u: Awaited<ReturnType<typeof member>>) => post('/user/admin/member/resetPwd', admin, { id: u.id, password: 'another-password-9' }),
    ],
  ])('%s refuses the token at the very next call (61)', async (_what, revoke) => {
    const u = await member();
    const token = await tokenFor(t.db, 1, u.id);
    await warm(token, 1);
    expect((await revoke(u, token)).json()).toMatchObject({ code: 0 });
    expect(await codeOf(info(token))).toBe(61);
    expect(await codeOf(list(token))).toBe(61);
  });

  it('a password change ends the other sessions at the very next call', async () => {
    const u = await member();
    const [keep, other] = [await tokenFor(t.db, 1, u.id), await tokenFor(t.db, 1, u.id)];
    await warm(keep, 1);
    await warm(other, 1);
    const changed = await post('/user/admin/member/updatePwd', keep, { oldPassword: PASSWORD, newPassword: 'another-password-9', endOtherSessions: true });
    expect(changed.json()).toMatchObject({ code: 0 });
    expect(await codeOf(info(other))).toBe(61);
    expect(await codeOf(info(keep))).toBe(0);
  });

  it('disabling the tenant refuses its tokens at the very next call (60), and enabling it lets them in again', async () => {
    const u = await member(otherTenant);
    const token = await tokenFor(t.db, otherTenant, u.id);
    await warm(token, otherTenant);
    await t.db.update(tenants).set({ status: 2 }).where(eq(tenants.id, otherTenant));
    await changedByHand();
    expect(await codeOf(info(token))).toBe(60);
    await t.db.update(tenants).set({ status: 1 }).where(eq(tenants.id, otherTenant));
    await changedByHand();
    expect(await codeOf(info(token))).toBe(0);
  });

  it.each([
    [
      'disabling the role',
      async (u: Awaited<ReturnType<typeof member>>) => {
        expect((await post('/user/admin/role/status', admin, { id: u.roleId, status: 2 })).json()).toMatchObject({ code: 0 });
      },
    ],
    [
      'taking the menu from the role',
      async (u: Awaited<ReturnType<typeof member>>) => {
        await t.db.delete(roleMenus).where(and(eq(roleMenus.tenantId, u.tenantId), eq(roleMenus.roleId, u.roleId)));
        await changedByHand();
      },
    ],
    [
      'taking the role from the user',
      async (u: Awaited<ReturnType<typeof member>>) => {
        await t.db.delete(userRoles).where(and(eq(userRoles.tenantId, u.tenantId), eq(userRoles.userId, u.id)));
        await changedByHand();
      },
    ],
    [
      'deleting the role',
      async (u: Awaited<ReturnType<typeof member>>) => {
        await t.db.delete(roles).where(and(eq(roles.tenantId, u.tenantId), eq(roles.id, u.roleId)));
        await changedByHand();
      },
    ],
  ])('%s refuses the permission at the very next call (403) and member/info no longer lists it', async (_what, revoke) => {
    const u = await member();
    const token = await tokenFor(t.db, 1, u.id);
    await warm(token, 1);
    expect((await info(token)).json().data.permissions).toContain('/user/admin/member/list');
    await revoke(u);
    expect((await list(token)).statusCode).toBe(403);
    expect((await info(token)).json().data.permissions).not.toContain('/user/admin/member/list');
  });

  it('disabling the menu refuses the permission at the very next call, enabling it grants it again', async () => {
    const u = await member();
    const token = await tokenFor(t.db, 1, u.id);
    await warm(token, 1);
    const [menu] = await t.db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/org/user'));
    expect((await post('/user/admin/menu/status', admin, { id: menu!.id, status: 2 })).json()).toMatchObject({ code: 0 });
    try {
      expect((await list(token)).statusCode).toBe(403);
    } finally {
      expect((await post('/user/admin/menu/status', admin, { id: menu!.id, status: 1 })).json()).toMatchObject({ code: 0 });
    }
    expect((await list(token)).statusCode).toBe(200);
  });

  it('a grant added to the role counts at the very next call too', async () => {
    const u = await member();
    const token = await tokenFor(t.db, 1, u.id);
    await warm(token, 1);
    expect((await get('/user/admin/post/list', token)).statusCode).toBe(403);
    const [postMenu] = await t.db.select({ id: menus.id }).from(menus).where(eq(menus.path, '/org/post'));
    await t.db.insert(roleMenus).values({ tenantId: 1, roleId: u.roleId, menuId: postMenu!.id });
    await changedByHand();
    expect((await get('/user/admin/post/list', token)).statusCode).toBe(200);
  });

  it('a new name shows in member/info at the very next call', async () => {
    const u = await member();
    const token = await tokenFor(t.db, 1, u.id);
    await warm(token, 1);
    await t.db
      .update(users)
      .set({ realName: 'Renamed' })
      .where(and(eq(users.tenantId, 1), eq(users.id, u.id)));
    await changedByHand();
    expect((await info(token)).json().data.realName).toBe('Renamed');
  });

  describe('open access keys', () => {
    const openSession = async (userId: number) => {
      const made = (await post('/user/admin/openaccess/edit', admin, { title: `Key ${randomBytes(4).toString('hex')}`, userId })).json();
      expect(made).toMatchObject({ code: 0 });
      const { id, key, secret } = made.data as { id: number; key: string; secret: string };
      const timestamp = Math.floor(Date.now() / 1000);
      const nonce = randomBytes(12).toString('hex');
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/admin/site/access/open/login',
        payload: { key, timestamp, nonce, signature: signOpenLogin(secret, key, timestamp, nonce) },
      });
      expect(res.json()).toMatchObject({ code: 0 });
      return { id, token: res.json().data.token as string };
    };

    it.each([
      ['disabled', (id: number) => post('/user/admin/openaccess/status', admin, { id, status: 2 })],
      ['rotated', (id: number) => post('/user/admin/openaccess/rotate', admin, { id })],
      ['deleted', (id: number) => post('/user/admin/openaccess/delete', admin, { id })],
    ])('a key %s refuses the sessions it opened at the very next call', async (_what, change) => {
      const u = await member();
      const key = await openSession(u.id);
      await warm(key.token, 1);
      expect((await change(key.id)).json()).toMatchObject({ code: 0 });
      expect(await codeOf(info(key.token))).toBe(61);
    });
  });
});

describe('AuthCache', () => {
  const session: Session = { sessionId: 1, userId: 2, tenantId: 3, username: 'u', isSuperAdmin: false, tenantIsPlatform: false, readOnly: false };
  const entry = (tenant: string, global = '1') => ({ session, epochs: { tenant, global }, validUntil: performance.now() + 60_000, tenantExpiresAt: null });

  it('refuses an entry read before a notified revocation, even when it is stored after the notification', () => {
    const cache = new AuthCache();
    cache.noteEpoch(3, 6n);
    // A request that read the session under epoch 5 (before the revocation) stores it only now.
    cache.putSession('h', entry('5'));
    cache.putPermissions(session, { tenant: '5', global: '1' }, new Set(['/x']));
    expect(cache.session('h')).toBeUndefined();
    expect(cache.permissionsOf(session, { tenant: '5', global: '1' })).toBeUndefined();
    cache.putSession('h', entry('6'));
    expect(cache.session('h')).toBeDefined();
    cache.noteEpoch(0, 2n);
    expect(cache.session('h')).toBeUndefined();
  });

  it('uses an entry only under the epochs it was read with, and only for its token', () => {
    const cache = new AuthCache();
    cache.putPermissions(session, { tenant: '4', global: '1' }, new Set(['/x']));
    expect(cache.permissionsOf(session, { tenant: '4', global: '1' })).toEqual(new Set(['/x']));
    expect(cache.permissionsOf(session, { tenant: '5', global: '1' })).toBeUndefined();
    expect(cache.permissionsOf(session, { tenant: '4', global: '1' })).toBeUndefined();
    cache.putSession('h', entry('4'));
    expect(cache.session('other')).toBeUndefined();
  });

  it('forgets entries past their expiry and beyond its bound, least recently used first', () => {
    const cache = new AuthCache({ maxEntries: 2 });
    cache.putSession('expired', { ...entry('1'), validUntil: performance.now() - 1 });
    expect(cache.session('expired')).toBeUndefined();
    cache.putSession('a', entry('1'));
    cache.putSession('b', entry('1'));
    expect(cache.session('a')).toBeDefined();
    cache.putSession('c', entry('1'));
    expect([cache.session('a'), cache.session('b'), cache.session('c')].map(Boolean)).toEqual([true, false, true]);
  });
});
