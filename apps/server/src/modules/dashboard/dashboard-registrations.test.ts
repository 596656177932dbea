import { and, desc, eq, inArray } from 'drizzle-orm';
import { userSource, type DashboardAnalysis } from '@uc/contracts';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { smsOutbox, users } from '../../db/schema';
import { auth, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The analysis's new users per day tell the self-registered apart from the rest (users.source,
 * drizzle/0039): each way of creating a user is taken here through its real call, and the day's
 * counts are checked for every tenant and for the registrant's own.
 */

let t: TestApp;
let platformToken: string;
const today = () => new Date().toISOString().slice(0, 10);
let day: string;

beforeAll(async () => {
  t = await createTestApp();
  platformToken = await tokenFor(t.db, PLATFORM_TENANT_ID, 1);
  day = today();
});
afterAll(() => t.close());

const post = async (url: string, payload: object, token?: string) => {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: token ? auth(token) : {}, remoteAddress: '10.60.0.1' });
  const body = res.json();
  expect(body).toMatchObject({ code: 0 });
  return body.data;
};

async function register(username: string, mobile: string): Promise<{ id: number; tenantId: number }> {
  await post(`/admin/admin/sms/send`, { event: 'register', mobile });
  const [sms] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = /\d{6}/.exec(sms!.body)![0];
  return post('/user/admin/site/register', { username, password: 'a good long passphrase', mobile, code });
}

async function todayOf(tenantId?: number): Promise<DashboardAnalysis['registrations'][number]> {
  const query: Record<string, string> = { from: day, to: day, timezone: 'UTC', ...(tenantId ? { tenantId: String(tenantId) } : {}) };
  const res = await t.app.inject({ url: '/admin/admin/dashboard/analysis', query, headers: auth(platformToken) });
  const data = (res.json() as { data: DashboardAnalysis }).data;
  expect(data.registrations).toHaveLength(1);
  return data.registrations[0]!;
}

describe('new users per day, by how they came', () => {
  it('records the source of each way of creating a user and counts the self-registered apart', async () => {
    // Today already holds the platform's administrator, made by the seed: source unknown.
    expect(await todayOf()).toEqual({ date: day, count: 1, registered: 0 });

    const registrant = await register('self.made', '13900009001');
    await post('/user/admin/member/edit', { username: 'added.one', realName: 'Added', mobile: '13900009002', password: 'added-password-1' }, platformToken);
    await post(
      '/user/admin/member/import',
      {
        rows: [
          { username: 'imported.a', password: 'import-password', realName: 'A', mobile: '13900009003' },
          { username: 'imported.b', password: 'import-password', realName: 'B', mobile: '13900009004' },
        ],
      },
      platformToken,
    );

    const sources = await t.db
      .select({ username: users.username, source: users.source })
      .from(users)
      .where(inArray(users.username, ['admin', 'self.made', 'added.one', 'imported.a', 'imported.b']))
      .orderBy(users.username);
    expect(sources).toEqual([
      { username: 'added.one', source: userSource.administrator },
      { username: 'admin', source: userSource.unknown },
      { username: 'imported.a', source: userSource.imported },
      { username: 'imported.b', source: userSource.imported },
      { username: 'self.made', source: userSource.registered },
    ]);

    // Every tenant: the seed's, the registrant, the added one and the two imported.
    expect(await todayOf()).toEqual({ date: day, count: 5, registered: 1 });
    // The registrant's own new tenant, and the platform's, picked one at a time.
    expect(registrant.tenantId).not.toBe(PLATFORM_TENANT_ID);
    expect(await todayOf(registrant.tenantId)).toEqual({ date: day, count: 1, registered: 1 });
    expect(await todayOf(PLATFORM_TENANT_ID)).toEqual({ date: day, count: 4, registered: 0 });
  });

  it('keeps counting a registrant moved to the recycle bin, as every new user is', async () => {
    await t.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(and(eq(users.username, 'self.made'), eq(users.source, userSource.registered)));
    expect(await todayOf()).toEqual({ date: day, count: 5, registered: 1 });
  });
});
