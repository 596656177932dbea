import type { FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import {
  ALL_CALLS,
  PERMISSION_CATALOGUE,
  deptDeleteBatchCall,
  noticeDeleteBatchCall,
  noticePublishBatchCall,
  permissionOf,
  postDeleteBatchCall,
  type BatchResult,
  type CallContract,
} from '@uc/contracts';
import { auditLogs, depts, notices, posts, users } from '../db/schema';
import { withTenant } from '../db/tenant-scope';
import { conflict } from '../lib/errors';
import type { Session } from '../modules/auth/access';
import { auth, createTenant, createUser, tokenFor } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { runBatchRows } from './batch-rows';

/*
 * Batch calls (packages/contracts/src/batch.ts): the mechanism the registrar runs their rows with
 * (savepoints, audit, refusals in the reader's language), and the batch actions of the department,
 * post and notice lists. The user list's are in modules/member/member-batch.test.ts.
 */

let t: TestApp;
let tenantId: number;
let rootDept: number;
let admin: { id: number; token: string };
let otherTenant: { tenantId: number; postId: number; deptId: number; noticeId: number };
const MISSING = 2 ** 31 - 7;

beforeAll(async () => {
  t = await createTestApp();
  const made = await createTenant(t.db, { code: 'bcalls' });
  tenantId = made.tenantId;
  rootDept = made.deptId;
  const id = await createUser(t.db, {
    username: 'bcalls.admin',
    tenantId,
    deptId: rootDept,
    menuPaths: ['/org/dept', '/org/post', '/home/notice/manage'],
    withButtons: true,
  });
  admin = { id, token: await tokenFor(t.db, tenantId, id) };
  const b = await createTenant(t.db, { code: 'bcalls-b' });
  const [post] = await t.db.insert(posts).values({ tenantId: b.tenantId, name: 'Theirs', code: 'theirs' }).returning({ id: posts.id });
  const [notice] = await t.db.insert(notices).values({ tenantId: b.tenantId, title: 'Theirs', rangeType: 1, state: 0 }).returning({ id: notices.id });
  otherTenant = { tenantId: b.tenantId, postId: post!.id, deptId: b.deptId, noticeId: notice!.id };
});
afterAll(() => t.close());

const batch = async (call: CallContract, body: object, language = 'en-US') => {
  const res = await t.app.inject({ method: 'POST', url: call.path, payload: body, headers: { ...auth(admin.token), 'accept-language': language } });
  expect(res.statusCode).toBe(200);
  return res.json().data as BatchResult;
};
const rows = (data: BatchResult) => data.results.map((r) => [r.id, r.done ? 'done' : r.status, r.message]);

describe('batch contracts', () => {
  const batches = ALL_CALLS.filter((c) => c.batch);

  it('need the permission of a single-row call, so they add no permission string (no new menu entry)', () => {
    expect(batches.length).toBeGreaterThanOrEqual(10);
    for (const call of batches) {
      expect({ call: call.path, permission: call.permission }).toEqual({ call: call.path, permission: expect.any(String) });
      expect(ALL_CALLS.some((c) => !c.batch && c.path === call.permission)).toBe(true);
      expect(PERMISSION_CATALOGUE).toContain(permissionOf(call));
      expect(PERMISSION_CATALOGUE).not.toContain(call.path);
    }
  });
});

describe('the rows of a batch call', () => {
  const session = (): Session => ({
    sessionId: 0,
    userId: admin.id,
    tenantId,
    username: 'bcalls.admin',
    isSuperAdmin: false,
    tenantIsPlatform: false,
    readOnly: false,
  });
  const req = (language: string) => ({ ip: '192.0.2.7', headers: { 'accept-language': language } }) as unknown as FastifyRequest;
  const call = { path: '/test/batch', actsOnUser: undefined } as unknown as CallContract;
  const run = (ids: number[], work: (id: number, tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<void>, language = 'en-US') =>
    withTenant(t.db, tenantId, (tx) =>
      runBatchRows({ ids }, { call, db: tx, session: session(), req: req(language), checkTranslations: true, run: ({ body }) => work(body.id as number, tx) }),
    );
  const made = async (codes: string[]) =>
    (
      await t.db
        .select({ code: posts.code })
        .from(posts)
        .where(and(eq(posts.tenantId, tenantId), inArray(posts.code, codes)))
    )
      .map((p) => p.code)
      .sort();
  const auditedRows = async () =>
    (await t.db.select({ target: auditLogs.target, ip: auditLogs.ip }).from(auditLogs).where(eq(auditLogs.action, '/test/batch'))).map((a) => [a.target, a.ip]);

  it('commits the rows done; a refused row leaves nothing of what it wrote; one audit entry per row done', async () => {
    const result = await run(
      [1, 2, 3, 2],
      async (id, tx) => {
        // Every row writes, then the even ones are refused.
        await tx.insert(posts).values({ tenantId, name: `Row ${id}`, code: `row-${id}` });
        if (id % 2 === 0)
          throw conflict('Post "{name}" is held by {count} user(s) (the recycle bin included): give them another post first', { name: `Row ${id}`, count: 1 });
      },
      'zh-CN',
    );
    expect(result).toEqual({
      results: [
        { id: 1, done: true, status: 200, message: '' },
        { id: 2, done: false, status: 409, message: '岗位“Row 2”有 1 名用户在任（含回收站），请先为他们更换岗位' },
        { id: 3, done: true, status: 200, message: '' },
      ],
      done: 2,
      refused: 1,
    });
    expect(await made(['row-1', 'row-2', 'row-3'])).toEqual(['row-1', 'row-3']);
    expect(await auditedRows()).toEqual([
      ['1', '192.0.2.7'],
      ['3', '192.0.2.7'],
    ]);
  });

  it('reports a write the database refuses (a unique index) as that row refused, and goes on with the next', async () => {
    const result = await run([11, 12, 13], async (id, tx) => {
      await tx.insert(posts).values({ tenantId, name: `Clash ${id}`, code: id === 12 ? 'row-1' : `clash-${id}` });
    });
    expect(rows(result)).toEqual([
      [11, 'done', ''],
      [12, 409, 'This post code is used by another post: choose another'],
      [13, 'done', ''],
    ]);
    expect(await made(['clash-11', 'clash-13'])).toEqual(['clash-11', 'clash-13']);
  });

  it('fails the whole call, keeping nothing, when a row fails for another reason than a refusal', async () => {
    await expect(
      run([21, 22], async (id, tx) => {
        await tx.insert(posts).values({ tenantId, name: `Crash ${id}`, code: `crash-${id}` });
        if (id === 22) throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await made(['crash-21', 'crash-22'])).toEqual([]);
    expect((await auditedRows()).map(([target]) => target)).not.toContain('21');
  });

  it('refuses (in tests) a refusal that has no Chinese text, as the error handler does', async () => {
    await expect(
      run([31], async () => {
        throw conflict('An untranslated refusal');
      }),
    ).rejects.toThrow('No zh-CN text for this message');
  });
});

describe('departments, posts and notices', () => {
  it('deletes departments that have no sub-departments or members, and says why for the others', async () => {
    const add = async (name: string, parentId: number) => (await t.db.insert(depts).values({ tenantId, name, parentId }).returning({ id: depts.id }))[0]!.id;
    const leaf = await add('Leaf', rootDept);
    const parent = await add('Parent', rootDept);
    await add('Child', parent);
    const staffed = await add('Staffed', rootDept);
    await createUser(t.db, { username: 'bcalls.staff', tenantId, deptId: staffed });
    const r = await batch(deptDeleteBatchCall, { ids: [leaf, parent, staffed, otherTenant.deptId, MISSING] });
    expect(rows(r)).toEqual([
      [leaf, 'done', ''],
      [parent, 409, 'Department "Parent" has 1 sub-department(s): delete or move them first'],
      [staffed, 409, 'Department "Staffed" has 1 member(s) (the recycle bin included): move them to another department first'],
      [otherTenant.deptId, 404, 'The department does not exist: it may have been deleted; reload the list'],
      [MISSING, 404, 'The department does not exist: it may have been deleted; reload the list'],
    ]);
    const left = await t.db
      .select({ id: depts.id })
      .from(depts)
      .where(inArray(depts.id, [leaf, parent, staffed, otherTenant.deptId]));
    expect(left.map((d) => d.id).sort((a, b) => a - b)).toEqual([parent, staffed, otherTenant.deptId].sort((a, b) => a - b));
  });

  it('deletes posts nobody holds', async () => {
    const [free] = await t.db.insert(posts).values({ tenantId, name: 'Free', code: 'free' }).returning({ id: posts.id });
    const [held] = await t.db.insert(posts).values({ tenantId, name: 'Held', code: 'held' }).returning({ id: posts.id });
    const holder = await createUser(t.db, { username: 'bcalls.holder', tenantId, deptId: rootDept });
    await t.db.update(users).set({ postId: held!.id }).where(eq(users.id, holder));
    const r = await batch(postDeleteBatchCall, { ids: [free!.id, held!.id, otherTenant.postId] }, 'zh-CN');
    expect(rows(r)).toEqual([
      [free!.id, 'done', ''],
      [held!.id, 409, '岗位“Held”有 1 名用户在任（含回收站），请先为他们更换岗位'],
      [otherTenant.postId, 404, '岗位不存在，可能已被删除，请刷新列表'],
    ]);
    expect(
      (
        await t.db
          .select({ id: posts.id })
          .from(posts)
          .where(inArray(posts.id, [free!.id, held!.id]))
      ).map((p) => p.id),
    ).toEqual([held!.id]);
  });

  it('publishes drafts and deletes notices, each as its single call would', async () => {
    const draft = async (title: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/admin/notice/edit',
        payload: { title, content: `<p>${title}</p>`, rangeType: 1 },
        headers: auth(admin.token),
      });
      return res.json().data.id as number;
    };
    const [first, second] = [await draft('First'), await draft('Second')];
    const published = await batch(noticePublishBatchCall, { ids: [first, otherTenant.noticeId] });
    expect(rows(published)).toEqual([
      [first, 'done', ''],
      [otherTenant.noticeId, 404, 'The notice does not exist: it may have been deleted; reload the list'],
    ]);
    const again = await batch(noticePublishBatchCall, { ids: [first, second] });
    expect(rows(again)).toEqual([
      [first, 409, 'The notice is already published: withdraw it first to publish it again'],
      [second, 'done', ''],
    ]);
    const states = async () =>
      (
        await t.db
          .select({ id: notices.id, state: notices.state })
          .from(notices)
          .where(inArray(notices.id, [first, second]))
      ).sort((a, b) => a.id - b.id);
    expect(await states()).toEqual([
      { id: first, state: 1 },
      { id: second, state: 1 },
    ]);
    const deleted = await batch(noticeDeleteBatchCall, { ids: [first, MISSING, second] });
    expect(rows(deleted)).toEqual([
      [first, 'done', ''],
      [MISSING, 404, 'The notice does not exist: it may have been deleted; reload the list'],
      [second, 'done', ''],
    ]);
    expect(await states()).toEqual([]);
    // The other tenant's notice is untouched.
    expect((await t.db.select({ id: notices.id }).from(notices).where(eq(notices.id, otherTenant.noticeId))).length).toBe(1);
  });
});
