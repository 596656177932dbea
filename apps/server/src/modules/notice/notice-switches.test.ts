import type { MessageRow, NoticePreferences } from '@uc/contracts';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The notification switches (notices, letters, system) as the personal calls honour them. Tenant A has
 * its administrator and one reader; the platform one reader besides its super administrator. Each
 * reader is sent one message of every kind before the tests start, so the numbers below are exact.
 */
let t: TestApp;
let platformAdmin: string;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const get = (url: string, token: string, query: Record<string, string> = {}) => t.app.inject({ url, query, headers: auth(token) });
const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: auth(token) });
const ok = async (res: Promise<{ json(): { code: number } }>) => expect((await res).json()).toMatchObject({ code: 0 });

const publish = async (token: string, payload: object) => {
  const made = await post('/admin/admin/notice/edit', token, { content: '<p>Body</p>', ...payload });
  expect(made.json()).toMatchObject({ code: 0 });
  await ok(post('/admin/admin/notice/publish', token, { id: made.json().data.id }));
};
const sendLetter = (token: string, payload: object) => ok(post('/admin/admin/notice/letter/send', token, { content: '<p>Hello</p>', ...payload }));

const switches = (who: string, prefs: NoticePreferences) => ok(post('/user/admin/member/profile/notification/edit', tokens[who]!, prefs));
const ALL_ON: NoticePreferences = { notices: true, letters: true, system: true };

const unread = async (who: string) => (await get('/admin/admin/notice/count/un/read', tokens[who]!)).json().data;
const countAll = async (who: string) => (await get('/admin/admin/notice/count/all', tokens[who]!)).json().data;
const list = async (who: string, path: 'public' | 'my') => {
  const res = await get(`/admin/admin/notice/${path}/messages`, tokens[who]!, { pageSize: '100' });
  expect(res.json()).toMatchObject({ code: 0 });
  const data = res.json().data as { list: MessageRow[]; total: number };
  // The page and its total agree on what is left out.
  expect(data.total).toBe(data.list.length);
  return data.list;
};
/** Titles and system flags of a reader's list, by title. */
const shown = async (who: string, path: 'public' | 'my') =>
  (await list(who, path))
    .map((r) => `${r.title}${r.system ? ' (system)' : ''}`)
    .sort()
    .join(', ');

beforeAll(async () => {
  t = await createTestApp();
  platformAdmin = await t.login();
  const a = await createTenant(t.db, { code: 'switch-a' });
  const make = async (name: string, tenantId: number, extra: object = {}) => {
    ids[name] = await createUser(t.db, { username: `s.${name}`, tenantId, ...extra });
    tokens[name] = await tokenFor(t.db, tenantId, ids[name]!);
  };
  await make('aAdmin', a.tenantId, { deptId: a.deptId, menuPaths: ['/home/notice/manage'], withButtons: true, dataScope: 1 });
  await make('reader', a.tenantId, { deptId: a.deptId });
  await make('staff', PLATFORM_TENANT_ID);

  await publish(tokens.aAdmin!, { title: 'Own notice', rangeType: 1 });
  await publish(platformAdmin, { title: 'Broadcast', rangeType: 1 });
  await publish(platformAdmin, { title: 'For A', rangeType: 2, tenantId: a.tenantId });
  await publish(platformAdmin, { title: 'Staff notice', rangeType: 2 });
  await sendLetter(tokens.aAdmin!, { title: 'Own letter', userIds: [ids.reader] });
  await sendLetter(platformAdmin, { title: 'Platform letter', tenantId: a.tenantId, userIds: [ids.reader] });
  await sendLetter(platformAdmin, { title: 'Staff letter', userIds: [ids.staff] });
});
afterAll(() => t.close());

describe('the system flag', () => {
  it("is set on the platform's notices in a tenant, not on the tenant's own notices nor on letters", async () => {
    expect(await shown('reader', 'public')).toBe('Broadcast (system), For A (system), Own notice');
    expect(await shown('reader', 'my')).toBe('Own letter, Platform letter');
    const [broadcast] = (await list('reader', 'public')).filter((r) => r.title === 'Broadcast');
    const detail = await get('/admin/admin/notice/detail', tokens.reader!, { id: String(broadcast!.id) });
    expect(detail.json()).toMatchObject({ code: 0, data: { title: 'Broadcast', kind: 'notice', system: true } });
    // Opened: read from now on.
    expect(await unread('reader')).toEqual({ letterCount: 2, noticeCount: 2 });
  });

  it("is set, in the platform's tenant, on its notices to everyone only", async () => {
    expect(await shown('staff', 'public')).toBe('Broadcast (system), Staff notice');
    expect(await shown('staff', 'my')).toBe('Staff letter');
  });
});

describe('the switches', () => {
  afterEach(async () => {
    await switches('reader', ALL_ON);
    await switches('staff', ALL_ON);
  });

  it('letters off: letters leave the counts and the list, still open by id; on again: back', async () => {
    const [letter] = (await list('reader', 'my')).filter((r) => r.title === 'Own letter');
    await switches('reader', { notices: true, letters: false, system: true });
    expect(await unread('reader')).toEqual({ letterCount: 0, noticeCount: 2 });
    expect(await countAll('reader')).toEqual({ letter: { total: 0, unread: 0 }, notice: { total: 3, unread: 2 } });
    expect(await list('reader', 'my')).toEqual([]);
    expect(await shown('reader', 'public')).toBe('Broadcast (system), For A (system), Own notice');
    // Addressed to them all the same: it opens, and is read from then on.
    const detail = await get('/admin/admin/notice/detail', tokens.reader!, { id: String(letter!.id) });
    expect(detail.json()).toMatchObject({ code: 0, data: { title: 'Own letter', kind: 'letter', system: false, read: true } });

    await switches('reader', ALL_ON);
    expect(await unread('reader')).toEqual({ letterCount: 1, noticeCount: 2 });
    expect(await countAll('reader')).toEqual({ letter: { total: 2, unread: 1 }, notice: { total: 3, unread: 2 } });
    expect(await shown('reader', 'my')).toBe('Own letter, Platform letter');
  });

  it("notices off: the tenant's own notices leave, the system messages stay", async () => {
    await switches('reader', { notices: false, letters: true, system: true });
    expect(await unread('reader')).toEqual({ letterCount: 1, noticeCount: 1 });
    expect(await countAll('reader')).toEqual({ letter: { total: 2, unread: 1 }, notice: { total: 2, unread: 1 } });
    expect(await shown('reader', 'public')).toBe('Broadcast (system), For A (system)');
    expect(await shown('reader', 'my')).toBe('Own letter, Platform letter');

    await switches('reader', ALL_ON);
    expect(await unread('reader')).toEqual({ letterCount: 1, noticeCount: 2 });
    expect(await shown('reader', 'public')).toBe('Broadcast (system), For A (system), Own notice');
  });

  it("system off: the platform's notices leave, its letters and the tenant's notices stay", async () => {
    await switches('reader', { notices: true, letters: true, system: false });
    expect(await unread('reader')).toEqual({ letterCount: 1, noticeCount: 1 });
    expect(await countAll('reader')).toEqual({ letter: { total: 2, unread: 1 }, notice: { total: 1, unread: 1 } });
    expect(await shown('reader', 'public')).toBe('Own notice');
    expect(await shown('reader', 'my')).toBe('Own letter, Platform letter');

    await switches('reader', ALL_ON);
    expect(await countAll('reader')).toEqual({ letter: { total: 2, unread: 1 }, notice: { total: 3, unread: 2 } });
    expect(await shown('reader', 'public')).toBe('Broadcast (system), For A (system), Own notice');
  });

  it('in the platform tenant: system off hides its notices to everyone, notices off its notices to its staff', async () => {
    await switches('staff', { notices: true, letters: true, system: false });
    expect(await shown('staff', 'public')).toBe('Staff notice');
    expect(await unread('staff')).toEqual({ letterCount: 1, noticeCount: 1 });
    await switches('staff', { notices: false, letters: true, system: true });
    expect(await shown('staff', 'public')).toBe('Broadcast (system)');
    expect(await unread('staff')).toEqual({ letterCount: 1, noticeCount: 1 });
    await switches('staff', ALL_ON);
    expect(await unread('staff')).toEqual({ letterCount: 1, noticeCount: 2 });
  });

  it('all off: nothing counted or listed; a switch is one user’s, and read/all still marks everything', async () => {
    await switches('reader', { notices: false, letters: false, system: false });
    expect(await unread('reader')).toEqual({ letterCount: 0, noticeCount: 0 });
    expect(await countAll('reader')).toEqual({ letter: { total: 0, unread: 0 }, notice: { total: 0, unread: 0 } });
    expect(await list('reader', 'public')).toEqual([]);
    expect(await list('reader', 'my')).toEqual([]);
    // The administrator of the same tenant still sees their notice.
    expect(await shown('aAdmin', 'public')).toBe('Broadcast (system), For A (system), Own notice');

    const marked = await post('/admin/admin/notice/read/all', tokens.reader!, { kind: 'all' });
    expect(marked.json()).toMatchObject({ code: 0, data: { marked: 3 } });
    await switches('reader', ALL_ON);
    expect(await unread('reader')).toEqual({ letterCount: 0, noticeCount: 0 });
    expect(await countAll('reader')).toEqual({ letter: { total: 2, unread: 0 }, notice: { total: 3, unread: 0 } });
  });
});
