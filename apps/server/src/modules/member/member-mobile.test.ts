import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { smsOutbox, users } from '../../db/schema';
import { auth, createTenant, createUser, grantButtonsUnder, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * One rule for phone numbers, across tenants: a number signs in to at most one live account, so no
 * tenant can put another tenant's number on its users (and break that tenant's SMS sign-in and reset).
 */

let t: TestApp;
let a: { tenantId: number; token: string };
let b: { tenantId: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  const admin = async (code: string) => {
    const tenant = await createTenant(t.db, { code });
    const id = await createUser(t.db, { username: `${code}.admin`, tenantId: tenant.tenantId, menuPaths: ['/org/user'] });
    await grantButtonsUnder(t.db, tenant.tenantId, id, '/org/user');
    return { tenantId: tenant.tenantId, token: await tokenFor(t.db, tenant.tenantId, id) };
  };
  a = await admin('mob-a');
  b = await admin('mob-b');
});
afterAll(() => t.close());

let n = 0;
const newMobile = () => `1370000${String(++n).padStart(4, '0')}`;
const send = async (path: string, payload: object, as: { token: string }) => {
  const res = await t.app.inject({ method: 'POST', url: `/user/admin/member/${path}`, payload, headers: auth(as.token) });
  return { status: res.statusCode, body: res.json() };
};
const newUser = (mobile: string, over: object = {}) => ({ username: `mob.u${++n}`, password: 'user-password-1', realName: 'Mobile', mobile, ...over });
/** Tenants of the live users holding the number (as typed here, or with the +86 prefix). */
const holders = async (mobile: string) =>
  (
    await t.db
      .select({ tenantId: users.tenantId })
      .from(users)
      .where(and(inArray(users.mobile, [mobile, `+86${mobile}`]), isNull(users.deletedAt)))
  ).map((r) => r.tenantId);
const TAKEN = /^mobile: the phone number ".*" is already used by another account/;

/** A's user with a fresh number; returns the number. */
async function numberOfA(): Promise<string> {
  const mobile = newMobile();
  expect((await send('edit', newUser(mobile), a)).body.code).toBe(0);
  return mobile;
}

describe('a phone number belongs to one account', () => {
  it('refuses another tenant creating a user with it, in any spelling, naming the mobile field', async () => {
    const mobile = await numberOfA();
    for (const spelling of [mobile, `+86${mobile}`]) {
      const refused = await send('edit', newUser(spelling), b);
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: expect.stringMatching(TAKEN) });
    }
    expect(await holders(mobile)).toEqual([a.tenantId]);
  });

  it('refuses another tenant editing its user to it, and leaves that user as it was', async () => {
    const mobile = await numberOfA();
    const own = newMobile();
    const made = (await send('edit', newUser(own), b)).body.data as { id: number; username: string };
    const refused = await send('edit', { id: made.id, username: made.username, realName: 'Changed', mobile, roleIds: [] }, b);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(TAKEN);
    const [still] = await t.db.select({ mobile: users.mobile, realName: users.realName }).from(users).where(eq(users.id, made.id));
    expect(still).toEqual({ mobile: own, realName: 'Mobile' });
  });

  it('refuses it within one tenant too, and a landline in two spellings', async () => {
    const mobile = await numberOfA();
    expect((await send('edit', newUser(mobile), a)).status).toBe(409);
    expect((await send('edit', newUser('010-62345678'), a)).body.code).toBe(0);
    expect((await send('edit', newUser('01062345678'), b)).status).toBe(409);
  });

  it('refuses an import carrying it (or carrying one number twice), naming the rows, and imports nothing', async () => {
    const mobile = await numberOfA();
    const twice = newMobile();
    const rows = [newUser(newMobile()), newUser(mobile), newUser(twice), newUser(twice)];
    const res = await send('import', { rows }, b);
    expect(res.body.data.imported).toBe(0);
    expect(res.body.data.errors).toEqual([
      { row: 2, message: expect.stringMatching(TAKEN) },
      { row: 4, message: expect.stringMatching(TAKEN) },
    ]);
    expect(await holders(twice)).toEqual([]);
    expect(await holders(mobile)).toEqual([a.tenantId]);
  });

  it('is free again once its account is in the recycle bin, and then refuses restoring that account', async () => {
    const mobile = newMobile();
    const made = (await send('edit', newUser(mobile), b)).body.data as { id: number };
    expect((await send('delete', { id: made.id }, b)).body.code).toBe(0);
    expect((await send('edit', newUser(mobile), a)).body.code).toBe(0);
    const refused = await send('restore', { id: made.id }, b);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(TAKEN);
    expect(await holders(mobile)).toEqual([a.tenantId]);
  });

  it('goes to exactly one of two tenants racing for it', async () => {
    for (let round = 0; round < 5; round++) {
      const mobile = newMobile();
      const answers = await Promise.all([a, b, a, b].map((who) => send('edit', newUser(mobile), who)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      expect(await holders(mobile)).toHaveLength(1);
    }
  });

  it('keeps SMS sign-in working for its owner after another tenant tried to take it', async () => {
    const mobile = await numberOfA();
    expect((await send('edit', newUser(mobile), b)).status).toBe(409);
    expect(
      (await t.app.inject({ method: 'POST', url: '/admin/admin/sms/send', query: { event: 'login', mobile }, remoteAddress: '10.77.0.1' })).json().code,
    ).toBe(0);
    const [sent] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.id)).limit(1);
    const code = /\d{6}/.exec(sent!.body)![0];
    const login = await t.app.inject({ method: 'POST', url: '/user/admin/site/mobileLogin', payload: { mobile, code }, remoteAddress: '10.77.0.1' });
    expect(login.json()).toMatchObject({ code: 0 });
  });
});

describe('migration 0017 (numbers already on several accounts)', () => {
  it('leaves each number with its oldest live account, clears it on the others, and then holds the rule', async () => {
    // The state of an old database: the plain index, and one number on four accounts in three spellings.
    await t.db.execute(sql`drop index users_mobile_uq`);
    await t.db.execute(sql`create index users_mobile_idx on users (mobile)`);
    const mobile = newMobile();
    const made: number[] = [];
    for (const [tenantId, spelling, ago] of [
      [b.tenantId, `+86${mobile}`, 3],
      [a.tenantId, mobile, 2],
      [b.tenantId, mobile, 1],
    ] as const) {
      const id = await createUser(t.db, { username: `mob.old${++n}`, tenantId, mobile: spelling });
      await t.db
        .update(users)
        .set({ createdAt: sql`now() - make_interval(days => ${ago})` })
        .where(eq(users.id, id));
      made.push(id);
    }
    const recycled = await createUser(t.db, { username: `mob.old${++n}`, tenantId: a.tenantId, mobile });
    await t.db
      .update(users)
      .set({ deletedAt: sql`now()`, createdAt: sql`now() - interval '9 days'` })
      .where(eq(users.id, recycled));

    const migration = readFileSync(join(process.cwd(), 'drizzle', '0017_unique_mobile.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const numbers = await t.db
      .select({ id: users.id, mobile: users.mobile })
      .from(users)
      .where(inArray(users.id, [...made, recycled]));
    const byId = new Map(numbers.map((r) => [r.id, r.mobile]));
    expect([...made, recycled].map((id) => byId.get(id))).toEqual([`+86${mobile}`, '', '', mobile]);
    expect((await send('edit', newUser(mobile), a)).status).toBe(409);
  });
});
