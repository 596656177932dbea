import { eq } from 'drizzle-orm';
import { POST_REQUIRED } from '@uc/contracts';
import { users } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const b = await createTenant(t.db, { code: 'post-b' });
  otherToken = await tokenFor(t.db, b.tenantId, await createUser(t.db, { username: 'post.b', tenantId: b.tenantId, menuPaths: ['/org/post'] }));
});
afterAll(() => t.close());

const post = async (path: string, payload: object, as = token) => {
  const res = await t.app.inject({ method: 'POST', url: `/user/admin/post/${path}`, payload, headers: auth(as) });
  return { status: res.statusCode, body: res.json() };
};
const get = async (path: string, query: Record<string, string> = {}, as = token) => {
  const res = await t.app.inject({ url: `/user/admin/post/${path}`, query, headers: auth(as) });
  return { status: res.statusCode, body: res.json() };
};

describe('posts', () => {
  it('creates, updates, views, lists and searches posts', async () => {
    const ceo = (await post('edit', { name: 'CEO', code: 'ceo', sort: 1 })).body.data;
    const dev = (await post('edit', { name: 'Developer', code: 'dev', sort: 2, remark: 'writes code' })).body.data;
    expect(ceo).toMatchObject({ name: 'CEO', code: 'ceo', status: 1 });
    const updated = (await post('edit', { id: dev.id, name: 'Engineer', code: 'dev', sort: 2 })).body.data;
    expect(updated).toMatchObject({ id: dev.id, name: 'Engineer', remark: '' });
    expect((await get('view', { id: String(dev.id) })).body.data.name).toBe('Engineer');
    const list = (await get('list')).body.data;
    expect(list).toMatchObject({ page: 1, pageSize: 10, total: 2 });
    expect(list.list.map((p: { code: string }) => p.code)).toEqual(['ceo', 'dev']);
    const found = (await get('list', { filter: JSON.stringify([['keyword', 'engin']]) })).body.data.list;
    expect(found.map((p: { code: string }) => p.code)).toEqual(['dev']);
    expect((await get('option')).body.data.list).toEqual([
      { id: ceo.id, name: 'CEO' },
      { id: dev.id, name: 'Engineer' },
    ]);
  });

  it('needs a name and a code, each unique in the tenant', async () => {
    expect((await post('edit', { name: '', code: 'x' })).body.message).toContain(POST_REQUIRED);
    expect((await post('edit', { name: 'X' })).body.message).toContain(POST_REQUIRED);
    const byName = await post('edit', { name: 'CEO', code: 'other' });
    expect(byName.status).toBe(409);
    expect(byName.body.message).toContain('name "CEO" is already used');
    expect((await post('edit', { name: 'Chief', code: 'ceo' })).body.message).toContain('code "ceo" is already used');
    expect((await post('edit', { name: 'CEO', code: 'ceo' }, otherToken)).body.code).toBe(0);
  });

  it('refuses to delete a post in use, deletes it once free', async () => {
    const p = (await post('edit', { name: 'Tester', code: 'qa' })).body.data;
    const holder = await createUser(t.db, { username: 'post.holder' });
    await t.db.update(users).set({ postId: p.id }).where(eq(users.id, holder));
    const refused = await post('delete', { id: p.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('is held by 1 user');
    await t.db.update(users).set({ postId: null }).where(eq(users.id, holder));
    expect((await post('delete', { id: p.id })).body.code).toBe(0);
    expect((await get('view', { id: String(p.id) })).status).toBe(404);
  });

  it('disables a post: it leaves the options', async () => {
    const p = (await post('edit', { name: 'Intern', code: 'intern' })).body.data;
    expect((await post('status', { id: p.id, status: 2 })).body.data.status).toBe(2);
    expect((await get('option')).body.data.list.map((o: { name: string }) => o.name)).not.toContain('Intern');
  });

  it('keeps each tenant on its own posts', async () => {
    const mine = (await get('list', { pageSize: '100' })).body.data.list[0];
    expect((await get('view', { id: String(mine.id) }, otherToken)).status).toBe(404);
    expect((await post('edit', { id: mine.id, name: 'Hijack', code: 'hj' }, otherToken)).status).toBe(404);
  });
});
