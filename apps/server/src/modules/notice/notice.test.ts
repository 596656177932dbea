import type { MessageRow, NoticeAdminView } from '@uc/contracts';
import { depts } from '../../db/schema';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auth, createTenant, createUser, tokenFor, type UserFixture } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ONLY_OWN_TENANT, WHOLE_REACH } from './notice-admin.service';

/*
 * Tenant A: root > A1, root > A2. Its notice administrator (scope all) sits in root, a scoped one
 * (own department) in A1; readers one1 and one3 in A1, two in A2. Tenant B has two readers; the
 * platform one reader besides its super administrator.
 */
let t: TestApp;
let platformAdmin: string;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
let tenantA: number;
let tenantB: number;

beforeAll(async () => {
  t = await createTestApp();
  platformAdmin = await t.login();
  const a = await createTenant(t.db, { code: 'notice-a' });
  const b = await createTenant(t.db, { code: 'notice-b' });
  tenantA = a.tenantId;
  tenantB = b.tenantId;
  const dept = async (name: string) => (await t.db.insert(depts).values({ tenantId: tenantA, name, parentId: a.deptId }).returning({ id: depts.id }))[0]!.id;
  const a1 = await dept('A1');
  const a2 = await dept('A2');
  const make = async (name: string, tenantId: number, extra: Partial<UserFixture> = {}) => {
    ids[name] = await createUser(t.db, { username: `n.${name}`, realName: `Real ${name}`, tenantId, ...extra });
    tokens[name] = await tokenFor(t.db, tenantId, ids[name]!);
  };
  await make('aAdmin', tenantA, { deptId: a.deptId, menuPaths: ['/home/notice/manage'], withButtons: true, dataScope: 1 });
  await make('aScoped', tenantA, { deptId: a1, menuPaths: ['/home/notice/manage'], withButtons: true, dataScope: 2 });
  await make('one1', tenantA, { deptId: a1 });
  await make('one3', tenantA, { deptId: a1 });
  await make('two', tenantA, { deptId: a2 });
  await make('b1', tenantB, { deptId: b.deptId });
  await make('b2', tenantB, { deptId: b.deptId });
  await make('p1', PLATFORM_TENANT_ID);
});
afterAll(() => t.close());

const get = (url: string, token: string, query: Record<string, string> = {}) => t.app.inject({ url, query, headers: auth(token) });
const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: auth(token) });

const letters = async (who: string): Promise<MessageRow[]> => {
  const res = await get('/admin/admin/notice/my/messages', tokens[who]!, { pageSize: '100' });
  expect(res.statusCode).toBe(200);
  return res.json().data.list;
};
const publicNotices = async (who: string, query: Record<string, string> = {}): Promise<MessageRow[]> => {
  const res = await get('/admin/admin/notice/public/messages', tokens[who]!, { pageSize: '100', ...query });
  expect(res.statusCode).toBe(200);
  return res.json().data.list;
};
const titled = (rows: MessageRow[], title: string) => rows.filter((r) => r.title === title);
const unread = async (who: string) =>
  (await get('/admin/admin/notice/count/un/read', tokens[who]!)).json().data as { letterCount: number; noticeCount: number };
const countAll = async (who: string) => (await get('/admin/admin/notice/count/all', tokens[who]!)).json().data;
const send = (token: string, payload: object) => post('/admin/admin/notice/letter/send', token, { content: '<p>Hello</p>', ...payload });
const draft = async (token: string, payload: object): Promise<NoticeAdminView> => {
  const res = await post('/admin/admin/notice/edit', token, { content: '<p>Body</p>', rangeType: 1, ...payload });
  expect(res.json()).toMatchObject({ code: 0 });
  return res.json().data;
};
const everyone = ['aAdmin', 'aScoped', 'one1', 'one3', 'two', 'b1', 'b2', 'p1'];
/** Who of everyone has a letter (or notice) with this title. */
const holders = async (title: string, kind: 'letter' | 'notice' = 'letter') => {
  const out: string[] = [];
  for (const who of everyone) if (titled(kind === 'letter' ? await letters(who) : await publicNotices(who), title).length > 0) out.push(who);
  return out;
};

describe('private letters reach exactly their range', () => {
  it("a tenant administrator's letter reaches the chosen users and nobody else", async () => {
    const res = await send(tokens.aAdmin!, { title: 'Exact A', userIds: [ids.one1, ids.two] });
    expect(res.json()).toMatchObject({ code: 0, data: { rangeType: 3, state: 1, recipientCount: 2, senderName: 'Real aAdmin' } });
    expect(await holders('Exact A')).toEqual(['one1', 'two']);
    expect(await holders('Exact A', 'notice')).toEqual([]);
    const [row] = titled(await letters('one1'), 'Exact A');
    expect(row).toMatchObject({ kind: 'letter', read: false, readAt: null, summary: 'Hello', senderName: 'Real aAdmin' });
  });

  it("the platform's letter to users of one tenant reaches only them", async () => {
    const res = await send(platformAdmin, { title: 'Exact B', tenantId: tenantB, userIds: [ids.b1] });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { targetTenantId: tenantB, targetTenantName: 'Tenant notice-b', recipients: [{ id: ids.b1, username: 'n.b1' }] },
    });
    expect(await holders('Exact B')).toEqual(['b1']);
  });

  it('a letter stays within the data scope of its sender', async () => {
    // Own department (A1): one1 is in it, two (A2) is not.
    expect((await send(tokens.aScoped!, { title: 'Scoped ok', userIds: [ids.one1] })).json()).toMatchObject({ code: 0 });
    const refused = await send(tokens.aScoped!, { title: 'Scoped no', userIds: [ids.one1, ids.two] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`User ${ids.two} is not among the users you may send to: choose users from your list`);
    expect(await holders('Scoped ok')).toEqual(['one1']);
    expect(await holders('Scoped no')).toEqual([]);
    // A whole tenant is beyond a department's scope.
    const wide = await post('/admin/admin/notice/edit', tokens.aScoped!, { title: 'Scoped wide', content: 'x', rangeType: 1 });
    expect(wide.statusCode).toBe(403);
    expect(wide.json().message).toBe(WHOLE_REACH);
  });

  it('a tenant administrator cannot send outside their tenant', async () => {
    const toB = await send(tokens.aAdmin!, { title: 'Smuggled', tenantId: tenantB, userIds: [ids.b1] });
    expect(toB.statusCode).toBe(403);
    expect(toB.json().message).toBe(ONLY_OWN_TENANT);
    // Another tenant's user named as if they were in A.
    const foreign = await send(tokens.aAdmin!, { title: 'Smuggled', userIds: [ids.b1] });
    expect(foreign.statusCode).toBe(400);
    const tenantWide = await post('/admin/admin/notice/edit', tokens.aAdmin!, { title: 'Smuggled', content: 'x', rangeType: 2, tenantId: tenantB });
    expect(tenantWide.statusCode).toBe(403);
    expect(await holders('Smuggled')).toEqual([]);
    expect(await holders('Smuggled', 'notice')).toEqual([]);
  });
});

describe('notices: publish and withdraw', () => {
  it('a draft is seen by nobody; published, by its tenant; withdrawn, by nobody again', async () => {
    const notice = await draft(tokens.aAdmin!, { title: 'Lifecycle', tag: 'ops', level: 2 });
    expect(notice).toMatchObject({ state: 0, publishedAt: null, rangeType: 1 });
    expect(await holders('Lifecycle', 'notice')).toEqual([]);

    const published = await post('/admin/admin/notice/publish', tokens.aAdmin!, { id: notice.id });
    expect(published.json()).toMatchObject({ code: 0, data: { state: 1 } });
    expect(await holders('Lifecycle', 'notice')).toEqual(['aAdmin', 'aScoped', 'one1', 'one3', 'two']);
    expect((await post('/admin/admin/notice/publish', tokens.aAdmin!, { id: notice.id })).statusCode).toBe(409);

    // Its text can change while published, not whom it reaches.
    const retitled = await post('/admin/admin/notice/edit', tokens.aAdmin!, {
      id: notice.id,
      title: 'Lifecycle',
      content: '<p>New text</p>',
      rangeType: 1,
      tag: 'ops',
    });
    expect(retitled.json()).toMatchObject({ code: 0, data: { summary: 'New text', state: 1 } });
    const narrowed = await post('/admin/admin/notice/edit', tokens.aAdmin!, {
      id: notice.id,
      title: 'Lifecycle',
      content: 'x',
      rangeType: 3,
      userIds: [ids.one1],
    });
    expect(narrowed.statusCode).toBe(409);

    expect((await post('/admin/admin/notice/withdraw', tokens.aAdmin!, { id: notice.id })).json()).toMatchObject({ code: 0, data: { state: 2 } });
    expect(await holders('Lifecycle', 'notice')).toEqual([]);
    expect((await post('/admin/admin/notice/withdraw', tokens.aAdmin!, { id: notice.id })).statusCode).toBe(409);

    // Published again: back, with the read marks its readers had.
    await post('/admin/admin/notice/publish', tokens.aAdmin!, { id: notice.id });
    expect(titled(await publicNotices('two'), 'Lifecycle')).toHaveLength(1);
    expect((await post('/admin/admin/notice/delete', tokens.aAdmin!, { id: notice.id })).json()).toMatchObject({ code: 0 });
    expect(await holders('Lifecycle', 'notice')).toEqual([]);
  });

  it("the platform's notice to everyone reaches every tenant, and its withdrawal takes it from all", async () => {
    const notice = await draft(platformAdmin, { title: 'Everyone' });
    await post('/admin/admin/notice/publish', platformAdmin, { id: notice.id });
    expect(await holders('Everyone', 'notice')).toEqual(everyone);
    // The text edited after publishing reaches the copies too.
    await post('/admin/admin/notice/edit', platformAdmin, { id: notice.id, title: 'Everyone', content: '<p>Edited everywhere</p>', rangeType: 1 });
    expect(titled(await publicNotices('b1'), 'Everyone')[0]).toMatchObject({ summary: 'Edited everywhere', senderName: '管理员' });
    await post('/admin/admin/notice/withdraw', platformAdmin, { id: notice.id });
    expect(await holders('Everyone', 'notice')).toEqual([]);
  });

  it("the platform's notice to one tenant reaches that tenant only", async () => {
    const notice = await draft(platformAdmin, { title: 'Only A', rangeType: 2, tenantId: tenantA });
    await post('/admin/admin/notice/publish', platformAdmin, { id: notice.id });
    expect(await holders('Only A', 'notice')).toEqual(['aAdmin', 'aScoped', 'one1', 'one3', 'two']);
    await post('/admin/admin/notice/delete', platformAdmin, { id: notice.id });
    expect(await holders('Only A', 'notice')).toEqual([]);
  });

  it('publishes once when asked twice at the same time', async () => {
    const notice = await draft(platformAdmin, { title: 'Twice', rangeType: 2, tenantId: tenantB });
    const answers = await Promise.all([1, 2].map(() => post('/admin/admin/notice/publish', platformAdmin, { id: notice.id })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(titled(await publicNotices('b1'), 'Twice')).toHaveLength(1);
  });

  it('keeps the content within the allow-list', async () => {
    const notice = await draft(tokens.aAdmin!, {
      title: 'Sanitised',
      content:
        '<p onclick="steal()" style="color:red">Hi <b>there</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/u/a.png" onerror="x"></p>',
    });
    expect(notice.content).toBe('<p>Hi <b>there</b><a target="_blank" rel="noopener noreferrer nofollow">x</a><img src="/u/a.png" /></p>');
    expect(notice.summary).toBe('Hi therex');
    const empty = await post('/admin/admin/notice/edit', tokens.aAdmin!, { title: 'Empty', rangeType: 1, content: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(400);
  });

  it('lists only the notices whose sender is in the administrator’s data scope', async () => {
    const list = async (token: string) =>
      ((await get('/admin/admin/notice/list', token, { pageSize: '100' })).json().data.list as { title: string }[]).map((r) => r.title);
    const mine = await list(tokens.aScoped!);
    expect(mine).toContain('Scoped ok');
    expect(mine).not.toContain('Exact A');
    expect(await list(tokens.aAdmin!)).toEqual(expect.arrayContaining(['Scoped ok', 'Exact A']));
    // Another tenant's notices, and the platform's copies in this tenant, are not this tenant's to manage.
    expect(await list(tokens.aAdmin!)).not.toContain('Exact B');
    expect(await list(tokens.aAdmin!)).not.toContain('Everyone');
    const exactA = (await get('/admin/admin/notice/list', tokens.aAdmin!, { filter: JSON.stringify([['title', '=', 'Exact A']]) })).json().data.list[0];
    expect((await get('/admin/admin/notice/view', tokens.aScoped!, { id: String(exactA.id) })).statusCode).toBe(404);
  });
});

describe('reading', () => {
  it("a detail marks it read; another tenant's notice or one not addressed to the caller is 404", async () => {
    await send(tokens.aAdmin!, { title: 'Detail', content: '<p>Read <em>me</em></p>', userIds: [ids.one1] });
    const before = await unread('one1');
    const [row] = titled(await letters('one1'), 'Detail');
    const res = await get('/admin/admin/notice/detail', tokens.one1!, { id: String(row!.id) });
    expect(res.json()).toMatchObject({ code: 0, data: { id: row!.id, content: '<p>Read <em>me</em></p>', read: true, kind: 'letter' } });
    expect(await unread('one1')).toEqual({ ...before, letterCount: before.letterCount - 1 });
    expect(titled(await letters('one1'), 'Detail')[0]).toMatchObject({ read: true });

    const missing = await get('/admin/admin/notice/detail', tokens.one3!, { id: String(2 ** 31 - 7) });
    expect(missing.statusCode).toBe(404);
    // A letter of the same tenant to someone else.
    const notMine = await get('/admin/admin/notice/detail', tokens.one3!, { id: String(row!.id) });
    expect({ status: notMine.statusCode, body: notMine.json() }).toEqual({ status: 404, body: missing.json() });
    // Another tenant's letter and notice.
    const [theirs] = titled(await letters('b1'), 'Exact B');
    for (const who of ['one1', 'b2']) {
      const foreign = await get('/admin/admin/notice/detail', tokens[who]!, { id: String(theirs!.id) });
      expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: 404, body: missing.json() });
    }
  });

  it('reads all per kind', async () => {
    await send(tokens.aAdmin!, { title: 'Kinds letter', userIds: [ids.one3] });
    const notice = await draft(tokens.aAdmin!, { title: 'Kinds notice' });
    await post('/admin/admin/notice/publish', tokens.aAdmin!, { id: notice.id });
    const start = await countAll('one3');
    expect(start.letter.unread).toBeGreaterThan(0);
    expect(start.notice.unread).toBeGreaterThan(0);

    const letterRead = await post('/admin/admin/notice/read/all', tokens.one3!, { kind: 'letter' });
    expect(letterRead.json()).toMatchObject({ code: 0, data: { marked: start.letter.unread } });
    expect(await countAll('one3')).toEqual({ letter: { total: start.letter.total, unread: 0 }, notice: start.notice });
    expect(titled(await publicNotices('one3'), 'Kinds notice')[0]).toMatchObject({ read: false });

    const noticeRead = await post('/admin/admin/notice/read/all', tokens.one3!, { kind: 'notice' });
    expect(noticeRead.json().data.marked).toBe(start.notice.unread);
    expect(await countAll('one3')).toEqual({ letter: { total: start.letter.total, unread: 0 }, notice: { total: start.notice.total, unread: 0 } });
    expect((await post('/admin/admin/notice/read/all', tokens.one3!, { kind: 'all' })).json().data.marked).toBe(0);
    // Someone else's state is untouched.
    expect(titled(await publicNotices('one1'), 'Kinds notice')[0]).toMatchObject({ read: false });

    const bad = await post('/admin/admin/notice/read/all', tokens.one3!, { kind: 'everything' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The message kind must be one of notice, letter, all');
  });

  it('searches and filters the lists by keyword and read state', async () => {
    await send(tokens.aAdmin!, { title: 'Searchable one', content: '<p>Quarterly maintenance window</p>', userIds: [ids.two] });
    await send(tokens.aAdmin!, { title: 'Searchable two', content: '<p>Something else</p>', userIds: [ids.two] });
    const find = async (filter: unknown[]) =>
      ((await get('/admin/admin/notice/my/messages', tokens.two!, { filter: JSON.stringify(filter) })).json().data.list as MessageRow[]).map((r) => r.title);
    expect(await find([['keyword', 'maintenance']])).toEqual(['Searchable one']);
    expect(await find([['keyword', 'searchable']])).toEqual(['Searchable two', 'Searchable one']);
    const [first] = titled(await letters('two'), 'Searchable one');
    await get('/admin/admin/notice/detail', tokens.two!, { id: String(first!.id) });
    expect(
      await find([
        ['keyword', 'searchable'],
        ['readAt', 'null'],
      ]),
    ).toEqual(['Searchable two']);
    const paged = (await get('/admin/admin/notice/my/messages', tokens.two!, { pageSize: '1' })).json().data;
    expect(paged).toMatchObject({ page: 1, pageSize: 1, totalExact: true });
    expect(paged.total).toBeGreaterThanOrEqual(3);
    expect(paged.list).toHaveLength(1);
  });

  it('keeps letterCount as the unread letters of the caller', async () => {
    const before = await unread('b2');
    const neighbour = await unread('b1');
    await send(platformAdmin, { title: 'Badge', tenantId: tenantB, userIds: [ids.b2] });
    expect(await unread('b2')).toEqual({ ...before, letterCount: before.letterCount + 1 });
    expect(await unread('b1')).toEqual(neighbour);
    expect((await t.app.inject({ url: '/admin/admin/notice/count/un/read' })).json().code).toBe(61);
  });
});
