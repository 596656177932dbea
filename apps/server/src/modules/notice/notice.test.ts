import { noticeRange, noticeReads, notices } from '../../db/schema';
import { auth, createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let reader: number;
let other: number;
beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.db, { username: 'letter.reader', password: 'reader-password-1', menuPaths: [] });
  other = await createUser(t.db, { username: 'letter.other', password: 'other-password-1', menuPaths: [] });
});
afterAll(() => t.close());

const unread = async (token: string) => {
  const res = await t.app.inject({ url: '/admin/admin/notice/count/un/read', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data.letterCount as number;
};
const letter = (receiverId: number, extra: Partial<typeof notices.$inferInsert> = {}) =>
  t.db
    .insert(notices)
    .values({ tenantId: 1, title: 'Hello', rangeType: noticeRange.private, receiverId, ...extra })
    .returning({ id: notices.id });

describe('unread letter count', () => {
  it("counts only the caller's enabled, unread private letters", async () => {
    const token = await t.login('letter.reader', 'reader-password-1');
    expect(await unread(token)).toBe(0);

    const [first] = await letter(reader);
    await letter(reader);
    await letter(reader, { status: 2 }); // disabled
    await letter(other); // someone else's
    await t.db.insert(notices).values({ tenantId: 1, title: 'To all', rangeType: noticeRange.all }); // not a letter
    expect(await unread(token)).toBe(2);

    await t.db.insert(noticeReads).values({ tenantId: 1, noticeId: first!.id, userId: reader });
    expect(await unread(token)).toBe(1);
  });

  it("never counts another tenant's letters, even to a user of the same id range", async () => {
    const { tenantId } = await createTenant(t.db, { code: 'letters-b' });
    const stranger = await createUser(t.db, { tenantId, username: 'letter.stranger', password: 'stranger-password-1', menuPaths: [] });
    await t.db.insert(notices).values({ tenantId, title: 'Theirs', rangeType: noticeRange.private, receiverId: stranger });
    const token = await t.login('letter.stranger', 'stranger-password-1');
    expect(await unread(token)).toBe(1);
    const mine = await t.login('letter.other', 'other-password-1');
    expect(await unread(mine)).toBe(1);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/admin/admin/notice/count/un/read' })).json().code).toBe(61);
  });
});
