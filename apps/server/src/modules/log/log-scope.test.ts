import { and, eq } from 'drizzle-orm';
import type { AuditLogRow, LoginLogRow } from '@uc/contracts';
import { auditLogs, depts } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { logAttempt } from '../security/login-log.repository';

/*
 * Data scope on the logs (log-scope.ts): a row is read by whoever may see its user in the user list.
 * Tenant B: department A and B; an administrator of department A only (scope 2) and one of the whole
 * tenant. The platform: a department administrator of its own, who reads every other tenant's rows.
 */

const MONITOR = ['/monitor/online', '/monitor/login-log', '/monitor/operation-log'];
let t: TestApp;
let b: { tenantId: number; all: number; deptAdmin: number; a1: number; b1: number };
let p: { deptAdmin: number; inDept: number; outside: number };
let tenantC: number;

beforeAll(async () => {
  t = await createTestApp();
  const tb = await createTenant(t.db, { code: 'ls-b' });
  const [deptA] = await t.db.insert(depts).values({ tenantId: tb.tenantId, parentId: tb.deptId, name: 'A' }).returning({ id: depts.id });
  const [deptB] = await t.db.insert(depts).values({ tenantId: tb.tenantId, parentId: tb.deptId, name: 'B' }).returning({ id: depts.id });
  const user = (username: string, tenantId: number, deptId: number, admin?: 1 | 2) =>
    createUser(t.db, { username, tenantId, deptId, ...(admin ? { menuPaths: MONITOR, withButtons: true, dataScope: admin } : {}) });
  b = {
    tenantId: tb.tenantId,
    all: await user('ls-b.all', tb.tenantId, tb.deptId, 1),
    deptAdmin: await user('ls-b.depta', tb.tenantId, deptA!.id, 2),
    a1: await user('ls-b.a1', tb.tenantId, deptA!.id),
    b1: await user('ls-b.b1', tb.tenantId, deptB!.id),
  };
  const tc = await createTenant(t.db, { code: 'ls-c' });
  tenantC = tc.tenantId;
  const cUser = await user('ls-c.user', tenantC, tc.deptId);
  const [platformRoot] = await t.db
    .select({ id: depts.id })
    .from(depts)
    .where(and(eq(depts.tenantId, 1), eq(depts.code, 'platform')));
  const [platformDept] = await t.db.insert(depts).values({ tenantId: 1, name: 'Platform ops' }).returning({ id: depts.id });
  p = {
    deptAdmin: await user('ls-p.depta', 1, platformDept!.id, 2),
    inDept: await user('ls-p.ops', 1, platformDept!.id),
    outside: await user('ls-p.other', 1, platformRoot!.id),
  };
  const signIn = (username: string, tenantId: number | null, userId: number | null) =>
    logAttempt(t.db, { method: 'account', username, tenantId, userId, ip: '10.70.0.1', userAgent: 'Agent', reason: userId ? 'ok' : 'bad_credentials' });
  await signIn('ls-b.a1', b.tenantId, b.a1);
  await signIn('ls-b.b1', b.tenantId, b.b1);
  await signIn('ls-b.depta', b.tenantId, b.deptAdmin);
  // A user name of tenant B's that matched no user (the row keeps the tenant, not a user).
  await signIn('ls-b.ghost', b.tenantId, null);
  await signIn('ls-c.user', tenantC, cUser);
  await signIn('ls-p.ops', 1, p.inDept);
  await signIn('ls-p.other', 1, p.outside);
  await signIn('ls-nobody', null, null);
  const wrote = (tenantId: number, userId: number, username: string, action: string) =>
    t.db.insert(auditLogs).values({ tenantId, userId, username, action, target: '1', fields: ['name'], ip: '10.70.0.2' });
  await wrote(b.tenantId, b.a1, 'ls-b.a1', '/user/admin/member/edit');
  await wrote(b.tenantId, b.b1, 'ls-b.b1', '/user/admin/member/edit');
  await wrote(tenantC, cUser, 'ls-c.user', '/user/admin/post/delete');
  await wrote(1, p.inDept, 'ls-p.ops', '/user/admin/post/delete');
  await wrote(1, p.outside, 'ls-p.other', '/user/admin/post/delete');
});
afterAll(() => t.close());

const read = async <R>(which: 'login' | 'audit', userTenant: number, userId: number): Promise<R[]> => {
  const token = await tokenFor(t.db, userTenant, userId);
  const res = await t.app.inject({
    url: `/user/admin/log/${which}/list`,
    query: { pageSize: '100', filter: JSON.stringify([['ip', 'like', '10.70.0.']]) },
    headers: auth(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { list: R[] } }>().data.list;
};
const names = (rows: { username: string }[]) => rows.map((r) => r.username).sort();

describe('the logs within the data scope', () => {
  it("gives a department administrator the sign-ins and writes of his department's users only", async () => {
    expect(names(await read<LoginLogRow>('login', b.tenantId, b.deptAdmin))).toEqual(['ls-b.a1', 'ls-b.depta']);
    expect(names(await read<AuditLogRow>('audit', b.tenantId, b.deptAdmin))).toEqual(['ls-b.a1']);
  });

  it('gives scope "all" the whole tenant, the sign-ins of unknown user names included, and nothing of another tenant', async () => {
    expect(names(await read<LoginLogRow>('login', b.tenantId, b.all))).toEqual(['ls-b.a1', 'ls-b.b1', 'ls-b.depta', 'ls-b.ghost']);
    expect(names(await read<AuditLogRow>('audit', b.tenantId, b.all))).toEqual(['ls-b.a1', 'ls-b.b1']);
  });

  it("narrows the platform's own users to its department administrator's scope, not the tenants' rows", async () => {
    const logins = names(await read<LoginLogRow>('login', 1, p.deptAdmin));
    expect(logins).toEqual(['ls-b.a1', 'ls-b.b1', 'ls-b.depta', 'ls-b.ghost', 'ls-c.user', 'ls-nobody', 'ls-p.ops']);
    const writes = names(await read<AuditLogRow>('audit', 1, p.deptAdmin));
    expect(writes).toEqual(['ls-b.a1', 'ls-b.b1', 'ls-c.user', 'ls-p.ops']);
  });

  it('names each write by the menu buttons granting its call, with their locale keys', async () => {
    const rows = await read<AuditLogRow>('audit', b.tenantId, b.all);
    expect(rows[0]).toMatchObject({
      action: '/user/admin/member/edit',
      actionMenus: [
        { name: '新增用户', locale: 'menu.org.user.create' },
        { name: '编辑用户', locale: 'menu.org.user.edit' },
      ],
    });
  });
});
