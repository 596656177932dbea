import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { depts, posts, rateLimits, roles, smsOutbox, tenantPolicies, users } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import { auth, createTenant, createUser, grantButtonsUnder, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Phone numbers (member-mobile.ts): a number its holder verified signs in to one account across
 * tenants; a number an administrator types is unverified, one user's within its tenant, and signs in
 * nobody. So an administrator's answer never depends on another tenant's numbers, and another tenant
 * can never take over or break the SMS sign-in of a number's holder.
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
// The clash limits are tested in mobile-probe.test.ts: here each test starts with none counted.
beforeEach(() => t.db.delete(rateLimits).where(like(rateLimits.key, 'mobile-clash:%')));

let n = 0;
const newMobile = () => `1370000${String(++n).padStart(4, '0')}`;
const send = async (path: string, payload: object, as: { token: string }) => {
  const res = await t.app.inject({ method: 'POST', url: `/user/admin/member/${path}`, payload, headers: auth(as.token), remoteAddress: '10.26.0.1' });
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
      .orderBy(users.tenantId)
  ).map((r) => r.tenantId);
const verifiedOf = async (id: number) => (await t.db.select({ v: users.verifiedMobile }).from(users).where(eq(users.id, id)))[0]!.v;
const IN_TENANT = /^The phone number ".*" is already on another user of this tenant/;

/** A user of A who verified a fresh number (as registering by phone does); returns the number and the user. */
async function verifiedInA(): Promise<{ mobile: string; id: number; username: string }> {
  const mobile = newMobile();
  const username = `mob.v${++n}`;
  const id = await createUser(t.db, { username, tenantId: a.tenantId, mobile });
  return { mobile, id, username };
}

const sms = (event: 'login' | 'resetPwd', mobile: string) =>
  t.app.inject({ method: 'POST', url: '/admin/admin/sms/send', query: { event, mobile }, remoteAddress: '10.26.0.2' });
/** The last code texted to `mobile` for `event`, or undefined when none was. */
async function textedCode(mobile: string, event: string): Promise<string | undefined> {
  const [sent] = await t.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.mobile, mobile), eq(smsOutbox.event, event)))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return sent && /\d{6}/.exec(sent.body)![0];
}
const smsLogin = (mobile: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/user/admin/site/mobileLogin', payload: { mobile, code }, remoteAddress: '10.26.0.2' });
const whoIs = async (token: string) => (await t.app.inject({ url: '/user/admin/member/info', headers: auth(token) })).json().data.username as string;

describe('an administrator setting a number', () => {
  it("answers the same for another tenant's number, verified or typed, as for a free one", async () => {
    const verified = await verifiedInA();
    const typed = newMobile();
    expect((await send('edit', newUser(typed), a)).status).toBe(200);
    const made = (await send('edit', newUser(newMobile()), b)).body.data as { id: number; username: string };
    const edit = async (mobile: string) => {
      const res = await send('edit', { id: made.id, username: made.username, realName: 'Probe', mobile, roleIds: [] }, b);
      return { status: res.status, body: JSON.stringify(res.body).replaceAll(mobile, 'NUMBER') };
    };
    const free = await edit(newMobile());
    expect(free.status).toBe(200);
    expect(await edit(verified.mobile)).toEqual(free);
    expect(await edit(`+86${verified.mobile}`)).toEqual(free);
    expect(await edit(typed)).toEqual(free);
    // Creating: the same status and message, and the number stored as typed, unverified.
    const created = await send('edit', newUser(verified.mobile), b);
    expect({ status: created.status, code: created.body.code, mobile: created.body.data.mobile }).toEqual({ status: 200, code: 0, mobile: verified.mobile });
    expect(await verifiedOf(created.body.data.id)).toBeNull();
    expect(await verifiedOf(verified.id)).toBe(verified.mobile);
    expect(await holders(verified.mobile)).toEqual([a.tenantId, b.tenantId]);
  });

  it('refuses a number on another user of its own tenant, in any spelling, naming the mobile field', async () => {
    const { mobile } = await verifiedInA();
    const typed = newMobile();
    expect((await send('edit', newUser(typed), a)).status).toBe(200);
    for (const spelling of [mobile, `+86${mobile}`, typed]) {
      const refused = await send('edit', newUser(spelling), a);
      expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 409, message: expect.stringMatching(IN_TENANT) });
    }
    expect((await send('edit', newUser('010-62345678'), a)).body.code).toBe(0);
    expect((await send('edit', newUser('01062345678'), a)).status).toBe(409);
    expect((await send('edit', newUser('01062345678'), b)).status).toBe(200);
    expect(await holders(mobile)).toEqual([a.tenantId]);
  });

  it('refuses editing a user to a number another user of the tenant has, and leaves the user as it was', async () => {
    const { mobile } = await verifiedInA();
    const own = newMobile();
    const made = (await send('edit', newUser(own), a)).body.data as { id: number; username: string };
    const refused = await send('edit', { id: made.id, username: made.username, realName: 'Changed', mobile, roleIds: [] }, a);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(IN_TENANT);
    const [still] = await t.db.select({ mobile: users.mobile, realName: users.realName }).from(users).where(eq(users.id, made.id));
    expect(still).toEqual({ mobile: own, realName: 'Mobile' });
  });

  it("imports another tenant's numbers like free ones, and refuses a number twice in the file or already in the tenant, naming the rows", async () => {
    const { mobile } = await verifiedInA();
    const twice = newMobile();
    // Each row on its own: the second use of a number in one file is refused, the rest imported.
    const first = await send('import', { rows: [newUser(newMobile()), newUser(mobile), newUser(twice), newUser(twice)] }, b);
    expect(first.body.data).toEqual({ imported: 3, errors: [{ row: 4, field: 'mobile', message: expect.stringMatching(/row 3/) }] });
    expect(await holders(twice)).toEqual([b.tenantId]);
    expect(await holders(mobile)).toEqual([a.tenantId, b.tenantId]);
    // A number already on a user of the tenant is refused on its row.
    const again = await send('import', { rows: [newUser(newMobile()), newUser(twice)] }, b);
    expect(again.body.data).toEqual({ imported: 1, errors: [{ row: 2, field: 'mobile', message: expect.stringMatching(IN_TENANT) }] });
    const [copy] = await t.db
      .select({ v: users.verifiedMobile })
      .from(users)
      .where(and(eq(users.tenantId, b.tenantId), eq(users.mobile, mobile)));
    expect(copy!.v).toBeNull();
  });

  it('gives a new tenant an administrator with any number, unverified', async () => {
    const platform = await t.login();
    const { mobile } = await verifiedInA();
    const [policy] = await t.db.insert(tenantPolicies).values({ title: 'Mobile policy' }).returning({ id: tenantPolicies.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/admin/tenant/edit',
      headers: auth(platform),
      payload: { name: 'Mobile C', code: 'mob-c', adminUsername: 'mob-c.admin', adminRealName: 'Mobile C', adminMobile: mobile, policyId: policy!.id },
    });
    expect(res.json()).toMatchObject({ code: 0 });
    const [admin] = await t.db.select({ v: users.verifiedMobile }).from(users).where(eq(users.username, 'mob-c.admin'));
    expect(admin).toEqual({ v: null });
  });

  it('keeps a verified number verified when the user is saved with it (any spelling), and unverifies a changed one', async () => {
    const { mobile, id, username } = await verifiedInA();
    const save = (number: string) => send('edit', { id, username, realName: 'Renamed', mobile: number, roleIds: [] }, a);
    expect((await save(mobile)).status).toBe(200);
    expect((await save(`+86${mobile}`)).status).toBe(200);
    expect(await verifiedOf(id)).toBe(mobile);
    const other = newMobile();
    expect((await save(other)).status).toBe(200);
    expect(await verifiedOf(id)).toBeNull();
    // Back to the old number: typed by an administrator again, so still unverified.
    expect((await save(mobile)).status).toBe(200);
    expect(await verifiedOf(id)).toBeNull();
    expect((await sms('login', mobile)).json().code).toBe(0);
    expect(await textedCode(mobile, 'login')).toBeUndefined();
  });

  it('is free again in the tenant once its user is in the recycle bin, and then refuses restoring that user', async () => {
    const mobile = newMobile();
    const made = (await send('edit', newUser(mobile), b)).body.data as { id: number };
    expect((await send('delete', { id: made.id }, b)).body.code).toBe(0);
    expect((await send('edit', newUser(mobile), b)).body.code).toBe(0);
    const refused = await send('restore', { id: made.id }, b);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^The phone number ".*" is now on another user of this tenant/);
    expect(await holders(mobile)).toEqual([b.tenantId]);
  });

  it('restores a user whose verified number another account verified meanwhile, with the number unverified', async () => {
    const mobile = newMobile();
    const gone = await createUser(t.db, { username: `mob.gone${++n}`, tenantId: b.tenantId, mobile });
    expect((await send('delete', { id: gone }, b)).body.code).toBe(0);
    const holder = await createUser(t.db, { username: `mob.holder${++n}`, tenantId: a.tenantId, mobile });
    expect((await send('restore', { id: gone }, b)).body.code).toBe(0);
    expect(await verifiedOf(gone)).toBeNull();
    expect(await verifiedOf(holder)).toBe(mobile);
    // Nobody took it: the restored user keeps their verified number.
    const kept = newMobile();
    const back = await createUser(t.db, { username: `mob.back${++n}`, tenantId: b.tenantId, mobile: kept });
    expect((await send('delete', { id: back }, b)).body.code).toBe(0);
    expect((await send('restore', { id: back }, b)).body.code).toBe(0);
    expect(await verifiedOf(back)).toBe(kept);
  });

  it('goes to exactly one of several users racing for it within a tenant, and to each tenant racing across', async () => {
    for (let round = 0; round < 3; round++) {
      const mobile = newMobile();
      const answers = await Promise.all([a, a, a, b].map((who) => send('edit', newUser(mobile), who)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
      expect(await holders(mobile)).toEqual([a.tenantId, b.tenantId]);
    }
  });
});

describe('SMS sign-in and password reset', () => {
  it('find only the account that verified the number, never a user another tenant typed it on', async () => {
    const holder = await verifiedInA();
    const copy = (await send('edit', newUser(holder.mobile), b)).body.data as { username: string };
    expect((await sms('login', holder.mobile)).json().code).toBe(0);
    const login = await smsLogin(holder.mobile, (await textedCode(holder.mobile, 'login'))!);
    expect(await whoIs(login.json().data.token)).toBe(holder.username);

    expect((await sms('resetPwd', holder.mobile)).json().code).toBe(0);
    const code = (await textedCode(holder.mobile, 'resetPwd'))!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/user/admin/site/resetting/pw/sms',
      payload: { mobile: holder.mobile, code, password: 'brand new horse staple' },
    });
    expect(reset.json().code).toBe(0);
    await t.login(holder.username, 'brand new horse staple');
    // The other tenant's user kept their password.
    await t.login(copy.username, 'user-password-1');
  });

  it('text nothing for a number only administrators typed, answering as for a number nobody has', async () => {
    const typed = newMobile();
    expect((await send('edit', newUser(typed), b)).status).toBe(200);
    const nobody = newMobile();
    for (const event of ['login', 'resetPwd'] as const) {
      const [onTyped, onNobody] = [await sms(event, typed), await sms(event, nobody)];
      expect({ status: onTyped.statusCode, body: onTyped.json() }).toEqual({ status: onNobody.statusCode, body: onNobody.json() });
      expect(await textedCode(typed, event)).toBeUndefined();
    }
    const [onTyped, onNobody] = [await smsLogin(typed, '123456'), await smsLogin(nobody, '123456')];
    expect({ status: onTyped.statusCode, body: onTyped.json() }).toEqual({ status: onNobody.statusCode, body: onNobody.json() });
  });

  it('sign in to a typed number once its holder verified it in the account settings', async () => {
    const typed = newMobile();
    const made = (await send('edit', newUser(typed), b)).body.data as { id: number; username: string };
    const token = await tokenFor(t.db, b.tenantId, made.id);
    const profile = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/user/admin/member/profile/${path}`, headers: auth(token), payload, remoteAddress: '10.26.0.3' });
    expect((await profile('mobile/code', { mobile: typed })).json().code).toBe(0);
    const verified = await profile('mobile', { mobile: typed, code: (await textedCode(typed, 'changeMobile'))! });
    expect(verified.json()).toMatchObject({ code: 0, data: { mobile: typed, mobileVerified: true } });
    expect((await sms('login', typed)).json().code).toBe(0);
    const login = await smsLogin(typed, (await textedCode(typed, 'login'))!);
    expect(await whoIs(login.json().data.token)).toBe(made.username);
  });
});

describe('registration by phone', () => {
  const register = async (username: string, mobile: string) => {
    const sent = await t.app.inject({ method: 'POST', url: '/admin/admin/sms/send', query: { event: 'register', mobile }, remoteAddress: '10.26.0.4' });
    expect(sent.json().code).toBe(0);
    const code = (await textedCode(mobile, 'register'))!;
    return t.app.inject({
      method: 'POST',
      url: '/user/admin/site/register',
      payload: { username, password: 'a good long passphrase', mobile, code },
      remoteAddress: '10.26.0.4',
    });
  };

  it('verifies a number administrators typed elsewhere, which then signs in to the registrant', async () => {
    const typed = newMobile();
    expect((await send('edit', newUser(typed), b)).status).toBe(200);
    const res = await register(`mob.reg${++n}`, typed);
    expect(res.json()).toMatchObject({ code: 0 });
    expect(await verifiedOf(res.json().data.id)).toBe(typed);
    expect((await sms('login', typed)).json().code).toBe(0);
    expect(await whoIs((await smsLogin(typed, (await textedCode(typed, 'login'))!)).json().data.token)).toBe(res.json().data.username);
    // A verified number is refused as before.
    expect((await register(`mob.reg${++n}`, (await verifiedInA()).mobile)).json().message).toMatch(/^This phone number is already registered/);
  });

  it('tells the holder of the phone when the tenant they join has a user with the number', async () => {
    const [role] = await t.db.insert(roles).values({ tenantId: b.tenantId, name: 'Joiner', key: 'joiner' }).returning({ id: roles.id });
    const [post] = await t.db.insert(posts).values({ tenantId: b.tenantId, name: 'Joiner' }).returning({ id: posts.id });
    const [dept] = await t.db.insert(depts).values({ tenantId: b.tenantId, name: 'Joiners' }).returning({ id: depts.id });
    await t.db
      .update(tenantPolicies)
      .set({ tenantSetting: 2, defaultTenantId: b.tenantId, defaultDeptId: dept!.id, defaultRoleId: role!.id, defaultPostId: post!.id })
      .where(eq(tenantPolicies.isDefault, true));
    try {
      const typed = newMobile();
      expect((await send('edit', newUser(typed), b)).status).toBe(200);
      const refused = await register(`mob.join${++n}`, typed);
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
        status: 409,
        message: expect.stringMatching(/^A user of the organisation you are joining already has this phone number/),
      });
    } finally {
      await t.db.update(tenantPolicies).set({ tenantSetting: 1 }).where(eq(tenantPolicies.isDefault, true));
    }
  });
});

describe('migrations 0017 and 0040 on an old database', () => {
  it('leave each number with its oldest live account, verified, clear it on the others, and then hold the rules', async () => {
    // The state of a database before 0017: the plain index, and one number on four accounts in three spellings.
    await t.db.execute(sql`drop index users_mobile_uq`);
    await t.db.execute(sql`drop index users_tenant_mobile_uq`);
    await t.db.execute(sql`drop trigger users_verified_mobile on users`);
    await t.db.execute(sql`alter table users drop column verified_mobile`);
    await t.db.execute(sql`create index users_mobile_idx on users (mobile)`);
    const mobile = newMobile();
    const made: number[] = [];
    const old = async (tenantId: number, spelling: string, days: number, deleted = false) => {
      const [row] = await rowsOf<{ id: number }>(
        t.db,
        sql`insert into users (tenant_id, username, password_hash, mobile, created_at, deleted_at)
          values (${tenantId}, ${`mob.old${++n}`}, 'x', ${spelling}, now() - make_interval(days => ${days}), ${deleted ? sql`now()` : null})
          returning id`,
      );
      return Number(row!.id);
    };
    made.push(await old(b.tenantId, `+86${mobile}`, 3), await old(a.tenantId, mobile, 2), await old(b.tenantId, mobile, 1));
    const recycled = await old(a.tenantId, mobile, 9, true);

    for (const file of ['0017_unique_mobile.sql', '0040_verified_mobile.sql']) {
      const migration = readFileSync(join(process.cwd(), 'drizzle', file), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    }

    const numbers = await t.db
      .select({ id: users.id, mobile: users.mobile, verified: users.verifiedMobile })
      .from(users)
      .where(inArray(users.id, [...made, recycled]));
    const byId = new Map(numbers.map((r) => [r.id, r]));
    expect([...made, recycled].map((id) => byId.get(id))).toEqual([
      { id: made[0], mobile: `+86${mobile}`, verified: mobile },
      { id: made[1], mobile: '', verified: null },
      { id: made[2], mobile: '', verified: null },
      { id: recycled, mobile, verified: mobile },
    ]);
    expect((await send('edit', newUser(mobile), b)).status).toBe(409);
    expect((await send('edit', newUser(mobile), a)).status).toBe(200);
    expect((await sms('login', mobile)).json().code).toBe(0);
    expect(await textedCode(mobile, 'login')).toBeDefined();
  });
});
