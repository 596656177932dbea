import { DEPT_REQUIRED, EMAIL_INVALID, PHONE_INVALID } from '@uc/contracts';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
let otherToken: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const b = await createTenant(t.db, { code: 'dept-b' });
  const userB = await createUser(t.db, { username: 'dept.b', tenantId: b.tenantId, menuPaths: ['/org/dept'] });
  otherToken = await tokenFor(t.db, b.tenantId, userB);
});
afterAll(() => t.close());

const post = async (path: string, payload: object, as = token) => {
  const res = await t.app.inject({ method: 'POST', url: `/user/admin/dept/${path}`, payload, headers: auth(as) });
  return { status: res.statusCode, body: res.json() };
};
const get = async (path: string, query: Record<string, string> = {}, as = token) => {
  const res = await t.app.inject({ url: `/user/admin/dept/${path}`, query, headers: auth(as) });
  return { status: res.statusCode, body: res.json() };
};
const create = async (values: object) => {
  const r = await post('edit', values);
  if (r.body.code !== 0) throw new Error(r.body.message);
  return r.body.data as { id: number };
};

describe('departments', () => {
  it('builds a tree in sort order and lists it, view and option included', async () => {
    const hq = await create({ name: 'HQ', code: 'hq', sort: 1 });
    const sales = await create({ name: 'Sales', code: 'sales', parentId: hq.id, sort: 2, leader: 'Li', phone: '13800000001', email: 'sales@example.com' });
    const rd = await create({ name: 'R&D', code: 'rd', parentId: hq.id, sort: 1 });
    await create({ name: 'North', code: 'north', parentId: sales.id });
    const { body } = await get('list');
    const hqNode = body.data.list.find((d: { code: string }) => d.code === 'hq');
    expect(hqNode.children.map((d: { code: string }) => d.code)).toEqual(['rd', 'sales']);
    expect(hqNode.children[1].children.map((d: { name: string }) => d.name)).toEqual(['North']);
    expect((await get('view', { id: String(sales.id) })).body.data).toMatchObject({
      name: 'Sales',
      leader: 'Li',
      phone: '13800000001',
      parentId: hq.id,
      status: 1,
    });
    const options = (await get('option')).body.data.list;
    expect(JSON.stringify(options)).toContain(`{"id":${rd.id},"name":"R&D","disabled":false,"inScope":true}`);
  });

  it('keeps the ancestors of filtered departments', async () => {
    const { body } = await get('list', { filter: JSON.stringify([['keyword', 'nort']]) });
    const hq = body.data.list.find((d: { code: string }) => d.code === 'hq');
    expect(hq.children.map((d: { code: string }) => d.code)).toEqual(['sales']);
    expect(hq.children[0].children.map((d: { code: string }) => d.code)).toEqual(['north']);
  });

  it.each<[string, object, string]>([
    ['an empty name', { name: ' ', code: 'x' }, DEPT_REQUIRED],
    ['a missing code', { name: 'X' }, DEPT_REQUIRED],
    ['a bad phone', { name: 'X', code: 'x1', phone: '12345' }, PHONE_INVALID],
    ['a bad email', { name: 'X', code: 'x1', email: 'not-mail' }, EMAIL_INVALID],
    ['a too long email', { name: 'X', code: 'x1', email: `${'a'.repeat(320)}@b.cn` }, 'Email must be at most 320 characters'],
    ['a parent that does not exist', { name: 'X', code: 'x1', parentId: 999999 }, 'Department 999999 does not exist'],
  ])('refuses %s with a 400 naming the rule', async (_what, payload, message) => {
    const r = await post('edit', payload);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(message);
  });

  it('keeps codes unique in the tenant (but not across tenants)', async () => {
    const r = await post('edit', { name: 'Again', code: 'hq' });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('"hq" is already used');
    expect((await post('edit', { name: 'HQ of B', code: 'hq' }, otherToken)).body.code).toBe(0);
  });

  it('refuses cycles: a department under itself or under its own descendant', async () => {
    const a = await create({ name: 'A', code: 'cyc-a' });
    const b = await create({ name: 'B', code: 'cyc-b', parentId: a.id });
    const c = await create({ name: 'C', code: 'cyc-c', parentId: b.id });
    expect((await post('edit', { id: a.id, name: 'A', code: 'cyc-a', parentId: a.id })).body.message).toContain('cannot be its own parent');
    const r = await post('edit', { id: a.id, name: 'A', code: 'cyc-a', parentId: c.id });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('cycle');
    // Moving a leaf elsewhere is fine.
    expect((await post('edit', { id: c.id, name: 'C', code: 'cyc-c', parentId: a.id })).body.data.parentId).toBe(a.id);
  });

  it('refuses to delete a department with sub-departments or members, and says why', async () => {
    const parent = await create({ name: 'Parent', code: 'del-p' });
    const child = await create({ name: 'Child', code: 'del-c', parentId: parent.id });
    const r1 = await post('delete', { id: parent.id });
    expect(r1.status).toBe(409);
    expect(r1.body.message).toContain('has 1 sub-department');
    await createUser(t.db, { username: 'dept.member', deptId: child.id });
    const r2 = await post('delete', { id: child.id });
    expect(r2.body.message).toContain('has 1 member');
    const empty = await create({ name: 'Empty', code: 'del-e', parentId: parent.id });
    expect((await post('delete', { id: empty.id })).body).toMatchObject({ code: 0, data: null });
    expect((await get('view', { id: String(empty.id) })).status).toBe(404);
  });

  it('enables and disables; a disabled department is flagged in the options', async () => {
    const d = await create({ name: 'Toggle', code: 'tog' });
    expect((await post('status', { id: d.id, status: 2 })).body.data.status).toBe(2);
    expect(JSON.stringify((await get('option')).body.data.list)).toContain(`{"id":${d.id},"name":"Toggle","disabled":true,"inScope":true}`);
    expect((await post('status', { id: d.id, status: 3 })).status).toBe(400);
  });

  it('keeps each tenant on its own departments', async () => {
    const mine = await create({ name: 'Mine', code: 'mine' });
    expect((await get('view', { id: String(mine.id) }, otherToken)).status).toBe(404);
    expect((await post('delete', { id: mine.id }, otherToken)).status).toBe(404);
    const theirs = (await get('list', {}, otherToken)).body.data.list.map((d: { name: string }) => d.name);
    expect(theirs).not.toContain('Mine');
    expect(theirs).toContain('HQ of B');
  });
});
