import { eq } from 'drizzle-orm';
import { EMAIL_INVALID, PHONE_INVALID, type MemberDetail } from '@uc/contracts';
import { posts, roles, users } from '../../db/schema';
import { auth, createTenant, createUser, grantButtonsUnder, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { uploadImage } from '../upload/upload.fixtures';

let t: TestApp;
let token: string;
let deptId: number;
let postId: number;
let other: { tenantId: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [d] = await t.db.select({ id: users.deptId }).from(users).where(eq(users.username, 'admin'));
  deptId = d!.id!;
  postId = (await t.db.insert(posts).values({ tenantId: 1, name: 'Engineer', code: 'eng' }).returning({ id: posts.id }))[0]!.id;
  const b = await createTenant(t.db, { code: 'mw-b' });
  const otherAdmin = await createUser(t.db, { username: 'mw.b', tenantId: b.tenantId, menuPaths: ['/org/user'] });
  await grantButtonsUnder(t.db, b.tenantId, otherAdmin, '/org/user');
  other = { tenantId: b.tenantId, token: await tokenFor(t.db, b.tenantId, otherAdmin) };
});
afterAll(() => t.close());

const send = async (path: string, payload: object, as = token) => {
  const res = await t.app.inject({ method: 'POST', url: `/user/admin/member/${path}`, payload, headers: auth(as) });
  return { status: res.statusCode, body: res.json() };
};
const view = async (id: number, as = token) => {
  const res = await t.app.inject({ url: '/user/admin/member/view', query: { id: String(id) }, headers: auth(as) });
  return { status: res.statusCode, body: res.json() };
};
const listNames = async (path: 'list' | 'recycle/list', filter?: unknown[]) => {
  const res = await t.app.inject({
    url: `/user/admin/member/${path}`,
    query: { pageSize: '100', ...(filter ? { filter: JSON.stringify(filter) } : {}) },
    headers: auth(token),
  });
  return res.json().data.list.map((r: { username: string }) => r.username) as string[];
};
const base = { username: 'alice', password: 'alice-password', realName: 'Alice', mobile: '13800000011' };

describe('member create, view and edit', () => {
  let alice: MemberDetail;
  it('creates a user with every profile field and shows them all in view', async () => {
    // Any role but 超级管理员, which is granted to nobody (role-holders.test.ts).
    const [role] = await t.db.insert(roles).values({ tenantId: 1, name: '运维', key: 'mw.ops' }).returning({ id: roles.id });
    const alipayCode = (await uploadImage(t, token, { purpose: 'private' })).body.data.url as string;
    const r = await send('edit', {
      ...base,
      email: 'alice@example.com',
      deptId,
      postId,
      roleIds: [role!.id],
      sex: 2,
      birthday: '1990-05-06',
      address: 'Road 1',
      qq: '123456',
      alipayName: 'Alice A',
      alipayAccount: 'alice@alipay',
      alipayCode,
      remark: 'new',
    });
    expect(r.body.code).toBe(0);
    alice = r.body.data;
    const v = (await view(alice.id)).body.data;
    expect(v).toMatchObject({
      username: 'alice',
      realName: 'Alice',
      tenantName: '平台',
      deptName: '平台',
      postName: 'Engineer',
      roles: [{ name: '运维' }],
      balance: '0.00',
      integral: 0,
      mobile: '13800000011',
      email: 'alice@example.com',
      sex: 2,
      birthday: '1990-05-06',
      address: 'Road 1',
      qq: '123456',
      lastActiveAt: null,
      lastLoginAt: null,
      loginCount: 0,
      alipayName: 'Alice A',
      alipayAccount: 'alice@alipay',
      alipayCode,
      status: 1,
    });
    // The new user can sign in with the password given.
    expect(await t.login('alice', 'alice-password')).toEqual(expect.any(String));
    expect((await view(alice.id)).body.data.lastActiveAt).not.toBeNull();
  });

  it('updates a user without touching the password', async () => {
    const r = await send('edit', { id: alice.id, username: 'alice', realName: 'Alice B', mobile: '13800000012', roleIds: [] });
    expect(r.body.data).toMatchObject({ realName: 'Alice B', mobile: '13800000012', roles: [], deptId: null });
    expect(await t.login('alice', 'alice-password')).toEqual(expect.any(String));
  });

  it.each<[string, object, string]>([
    ['no username', { ...base, username: '' }, 'Username cannot be empty'],
    ['no real name', { ...base, username: 'x1', realName: ' ' }, 'Real name cannot be empty'],
    ['no phone', { ...base, username: 'x1', mobile: '' }, 'Mobile cannot be empty'],
    ['a bad phone', { ...base, username: 'x1', mobile: '123' }, PHONE_INVALID],
    ['a bad email', { ...base, username: 'x1', email: 'a@b' }, EMAIL_INVALID],
    ['an email over 320 characters', { ...base, username: 'x1', email: `${'a'.repeat(318)}@b.cn` }, 'Email must be at most 320 characters'],
    ['no password on create', { ...base, username: 'x1', password: undefined }, 'Password is required for a new user'],
    ["another tenant's department", { ...base, username: 'x1', deptId: 999999 }, 'The department does not exist'],
  ])('refuses %s', async (_what, payload, message) => {
    const r = await send('edit', payload);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(message);
  });

  it('keeps user names unique, case-insensitively, across tenants', async () => {
    const r = await send('edit', { ...base, username: 'ALICE' });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('is already taken');
    expect((await send('edit', { ...base, username: 'Alice' }, other.token)).status).toBe(409);
  });

  it('grants only roles the editor holds', async () => {
    const [foreignRole] = await t.db.insert(roles).values({ tenantId: 1, name: 'Auditor', key: 'auditor' }).returning({ id: roles.id });
    const editorId = await createUser(t.db, { username: 'mw.editor', menuPaths: ['/org/user'] });
    await grantButtonsUnder(t.db, 1, editorId, '/org/user');
    const editorToken = await tokenFor(t.db, 1, editorId);
    const options = await t.app.inject({ url: '/user/admin/role/option', headers: auth(editorToken) });
    expect(options.json().data.list.map((r: { name: string }) => r.name)).toEqual(['role of mw.editor']);
    const r = await send('edit', { ...base, username: 'bob', roleIds: [foreignRole!.id] }, editorToken);
    expect(r.status).toBe(403);
    expect(r.body.message).toContain('you can only grant roles you hold');
  });
});

describe('member status, password, recycle bin', () => {
  let id: number;
  beforeAll(async () => {
    id = await createUser(t.db, { username: 'carol', password: 'carol-password' });
  });

  it('disables a user (ending their sessions) and enables them again', async () => {
    const carolToken = await t.login('carol', 'carol-password');
    expect((await send('status', { id, status: 2 })).body.code).toBe(0);
    expect((await t.app.inject({ url: '/user/admin/member/info', headers: auth(carolToken) })).json().code).toBe(61);
    expect(await listNames('list', [['status', '=', 2]])).toContain('carol');
    expect((await send('status', { id, status: 1 })).body.code).toBe(0);
  });

  it('never lets users disable or delete themselves', async () => {
    const r1 = await send('status', { id: 1, status: 2 });
    expect(r1.status).toBe(403);
    expect(r1.body.message).toContain('cannot disable your own account');
    expect((await send('delete', { id: 1 })).body.message).toContain('cannot delete your own account');
    expect((await send('edit', { id: 1, username: 'admin', realName: 'A', mobile: '13800000000', status: 2 })).status).toBe(403);
  });

  it('resets a password: the old one and the old sessions stop working', async () => {
    const old = await t.login('carol', 'carol-password');
    expect((await send('resetPwd', { id, password: 'carol-new-password' })).body.code).toBe(0);
    expect((await t.app.inject({ url: '/user/admin/member/info', headers: auth(old) })).json().code).toBe(61);
    await expect(t.login('carol', 'carol-password')).rejects.toThrow();
    expect(await t.login('carol', 'carol-new-password')).toEqual(expect.any(String));
  });

  it('moves to the recycle bin, restores, and purges only from the bin', async () => {
    expect((await send('purge', { id })).status).toBe(404);
    expect((await send('delete', { id })).body.code).toBe(0);
    expect(await listNames('list')).not.toContain('carol');
    expect(await listNames('recycle/list')).toEqual(['carol']);
    await expect(t.login('carol', 'carol-new-password')).rejects.toThrow();
    expect((await send('restore', { id })).body.code).toBe(0);
    expect(await listNames('list')).toContain('carol');
    expect(await listNames('recycle/list')).toEqual([]);
    await send('delete', { id });
    expect((await send('purge', { id })).body.code).toBe(0);
    expect((await view(id)).status).toBe(404);
    expect(await listNames('recycle/list')).toEqual([]);
  });

  it("keeps every call on the caller's tenant", async () => {
    const mine = await createUser(t.db, { username: 'dave' });
    for (const [path, extra] of [
      ['status', { status: 2 }],
      ['delete', {}],
      ['resetPwd', { password: 'whatever-123' }],
    ] as const) {
      expect((await send(path, { id: mine, ...extra }, other.token)).status).toBe(404);
    }
    expect((await view(mine, other.token)).status).toBe(404);
    expect((await view(mine)).body.data.status).toBe(1);
  });
});
