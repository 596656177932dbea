import { and, desc, eq, sql } from 'drizzle-orm';
import { posts, roles, smsCodes, smsOutbox, tenantInvites, tenantPolicies, tenants, userRoles, users } from '../../db/schema';
import { auth, createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeSetting } from '../site/settings.repository';
import { REGISTER_PER_IP_PER_HOUR, REGISTER_PER_MOBILE_PER_HOUR } from './register.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const newMobile = () => `1390000${String(++n).padStart(4, '0')}`;
const ip = () => `10.50.0.${n % 250}`;
const sendSms = (event: string, mobile: string, how: 'query' | 'body' = 'query') =>
  t.app.inject({
    method: 'POST',
    url: '/admin/admin/sms/send',
    remoteAddress: ip(),
    ...(how === 'query' ? { query: { event, mobile } } : { payload: { event, mobile } }),
  });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip() });
async function codeFor(event: string, mobile: string): Promise<string> {
  const res = await sendSms(event, mobile);
  expect(res.json()).toMatchObject({ code: 0, data: { cooldownSeconds: 60, expiresInSeconds: 600 } });
  const [row] = await t.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.mobile, mobile), eq(smsOutbox.event, event)))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return /\d{6}/.exec(row!.body)![0];
}
const allowResend = (mobile: string) =>
  t.db
    .update(smsCodes)
    .set({ createdAt: sql`now() - interval '2 minutes'` })
    .where(eq(smsCodes.mobile, mobile));

describe('SMS codes', () => {
  it('are sent for query parameters or a JSON body; only a hash is stored', async () => {
    const mobile = newMobile();
    const code = await codeFor('register', mobile);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await t.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(stored!.codeHash).not.toContain(code);
    expect((stored!.expiresAt.getTime() - Date.now()) / 60_000).toBeGreaterThan(9.9);
    expect((await sendSms('bind', newMobile(), 'body')).json().code).toBe(0);
  });

  it('name the wrong field', async () => {
    expect((await sendSms('login', '12345')).json().message).toBe('Phone number is invalid!');
    expect((await sendSms('party', newMobile())).json().message).toMatch(/^The SMS purpose must be one of login, register, resetPwd, bind/);
  });

  it('wait 60 seconds between sends to one number, then count against an hourly limit', async () => {
    const mobile = newMobile();
    await codeFor('register', mobile);
    const again = await sendSms('register', mobile);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(55);
    for (let i = 1; i < 10; i++) {
      await allowResend(mobile);
      expect((await sendSms('register', mobile)).statusCode).toBe(200);
    }
    await allowResend(mobile);
    const limited = await sendSms('register', mobile);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many SMS codes for this number/);
  });
});

describe('mobile sign-in', () => {
  it('works once per code, not with a stale, expired or other-event code, and a code dies after 5 wrong guesses', async () => {
    const mobile = newMobile();
    await createUser(t.db, { username: `mob-${mobile}`, mobile });
    const code = await codeFor('login', mobile);
    const ok = await post('/user/admin/site/mobileLogin', { mobile, code });
    expect(ok.json().code).toBe(0);
    expect((await t.app.inject({ url: '/user/admin/member/info', headers: auth(ok.json().data.token) })).json().data.username).toBe(`mob-${mobile}`);
    expect((await post('/user/admin/site/mobileLogin', { mobile, code })).json().message).toBe('Verification Code Error.');

    await allowResend(mobile);
    const expiring = await codeFor('login', mobile);
    await t.db
      .update(smsCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(smsCodes.mobile, mobile));
    expect((await post('/user/admin/site/mobileLogin', { mobile, code: expiring })).statusCode).toBe(400);

    await allowResend(mobile);
    const resetCode = await codeFor('resetPwd', mobile);
    expect((await post('/user/admin/site/mobileLogin', { mobile, code: resetCode })).statusCode).toBe(400);

    await allowResend(mobile);
    const guessed = await codeFor('login', mobile);
    const wrong = guessed === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post('/user/admin/site/mobileLogin', { mobile, code: wrong });
    expect((await post('/user/admin/site/mobileLogin', { mobile, code: guessed })).json().message).toBe('Verification Code Error.');
  });
});

describe('password reset by SMS', () => {
  it('refuses a common password without spending the code, then sets the new one and ends every session', async () => {
    const mobile = newMobile();
    await createUser(t.db, { username: `reset-${mobile}`, mobile, password: 'user-password-1' });
    const before = await t.login(`reset-${mobile}`, 'user-password-1');
    const code = await codeFor('resetPwd', mobile);
    const common = await post('/user/admin/site/resetting/pw/sms', { mobile, code, password: 'baseball' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/^This password is among the most commonly used/);
    expect((await post('/user/admin/site/resetting/pw/sms', { mobile, code, password: 'short' })).json().message).toBe(
      'Password must be at least 8 characters',
    );
    expect((await post('/user/admin/site/resetting/pw/sms', { mobile, code, password: 'brand new horse staple' })).json().code).toBe(0);
    expect((await t.app.inject({ url: '/user/admin/member/info', headers: auth(before) })).json().code).toBe(61);
    await t.login(`reset-${mobile}`, 'brand new horse staple');
  });
});

describe('the account behind a phone number', () => {
  const recycle = (mobile: string, deleted: boolean) =>
    t.db
      .update(users)
      .set({ deletedAt: deleted ? sql`now()` : null })
      .where(eq(users.mobile, mobile));

  it('is found in either spelling of the number (with or without +86)', async () => {
    const mobile = newMobile();
    await createUser(t.db, { username: `spell-${mobile}`, mobile });
    const code = await codeFor('login', `+86${mobile}`);
    const ok = await post('/user/admin/site/mobileLogin', { mobile: `+86${mobile}`, code });
    expect(ok.json()).toMatchObject({ code: 0, data: { username: `spell-${mobile}` } });
  });

  it('missing: sign-in and reset refuse without spending the code, which works once the account is back', async () => {
    const mobile = newMobile();
    await createUser(t.db, { username: `gone-${mobile}`, mobile });
    const loginCode = await codeFor('login', mobile);
    await allowResend(mobile);
    const resetCode = await codeFor('resetPwd', mobile);
    await recycle(mobile, true);
    const login = await post('/user/admin/site/mobileLogin', { mobile, code: loginCode });
    expect({ status: login.statusCode, message: login.json().message }).toEqual({ status: 400, message: 'Login failed, please try again!' });
    const reset = await post('/user/admin/site/resetting/pw/sms', { mobile, code: resetCode, password: 'brand new horse staple' });
    expect({ status: reset.statusCode, message: reset.json().message }).toMatchObject({
      status: 404,
      message: expect.stringMatching(/^No account uses this phone number/),
    });
    // A wrong code says only that the code is wrong, account or not: nobody learns which numbers have one.
    expect((await post('/user/admin/site/mobileLogin', { mobile, code: loginCode === '000000' ? '111111' : '000000' })).json().message).toBe(
      'Verification Code Error.',
    );
    await recycle(mobile, false);
    expect((await post('/user/admin/site/mobileLogin', { mobile, code: loginCode })).json().code).toBe(0);
    expect((await post('/user/admin/site/resetting/pw/sms', { mobile, code: resetCode, password: 'brand new horse staple' })).json().code).toBe(0);
  });
});

describe('registration', () => {
  const reg = async (body: Record<string, unknown>) => {
    const mobile = (body.mobile as string) ?? newMobile();
    const code = await codeFor('register', mobile);
    return post('/user/admin/site/register', { password: 'a good long passphrase', code, ...body, mobile });
  };

  it('by default creates a new tenant whose default administrator is the registrant', async () => {
    const res = await reg({ username: 'founder' });
    expect(res.json().code).toBe(0);
    const { tenantId, id } = res.json().data;
    expect(tenantId).not.toBe(1);
    const [role] = await t.db
      .select({ isDefaultAdmin: roles.isDefaultAdmin })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(eq(userRoles.userId, id));
    expect(role?.isDefaultAdmin).toBe(true);
    const token = await t.login('founder', 'a good long passphrase');
    const list = await t.app.inject({ url: '/user/admin/member/list', headers: auth(token) });
    expect(list.json().data.list.map((u: { username: string }) => u.username)).toEqual(['founder']);
  });

  it('refuses a taken name, a taken number, a common password and a reused code, naming the field', async () => {
    const mobile = newMobile();
    expect((await reg({ username: 'admin' })).json().message).toMatch(/^This user name is taken/);
    expect((await reg({ username: 'someone', password: 'password1' })).json().data.fields).toEqual([expect.objectContaining({ field: 'password' })]);
    const code = await codeFor('register', mobile);
    expect((await post('/user/admin/site/register', { username: 'first.one', password: 'a good long passphrase', mobile, code })).json().code).toBe(0);
    expect((await post('/user/admin/site/register', { username: 'second.one', password: 'a good long passphrase', mobile, code })).json().message).toBe(
      'Verification Code Error.',
    );
    await allowResend(mobile);
    const again = await codeFor('register', mobile);
    expect(
      (await post('/user/admin/site/register', { username: 'second.one', password: 'a good long passphrase', mobile, code: again })).json().message,
    ).toMatch(/^This phone number is already registered/);
  });

  it('with a right code says the name is taken, and the same code then works with another name', async () => {
    const mobile = newMobile();
    const code = await codeFor('register', mobile);
    const taken = await post('/user/admin/site/register', { username: 'ADMIN', password: 'a good long passphrase', mobile, code });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/^This user name is taken/);
    expect((await post('/user/admin/site/register', { username: 'not.admin', password: 'a good long passphrase', mobile, code })).json().code).toBe(0);
    expect((await post('/user/admin/site/register', { username: 'not.admin.2', password: 'a good long passphrase', mobile, code })).json().message).toBe(
      'Verification Code Error.',
    );
  });

  it('joins the default tenant with its department, role and post when the policy says 2', async () => {
    const home = await createTenant(t.db, { code: 'reg-home' });
    const [role] = await t.db.insert(roles).values({ tenantId: home.tenantId, name: 'Member', key: 'member' }).returning({ id: roles.id });
    const [post] = await t.db.insert(posts).values({ tenantId: home.tenantId, name: 'Member' }).returning({ id: posts.id });
    await t.db
      .update(tenantPolicies)
      .set({ tenantSetting: 2, defaultTenantId: home.tenantId, defaultDeptId: home.deptId, defaultRoleId: role!.id, defaultPostId: post!.id })
      .where(eq(tenantPolicies.isDefault, true));
    try {
      const res = await reg({ username: 'joiner' });
      expect(res.json().data.tenantId).toBe(home.tenantId);
      const [user] = await t.db.select().from(users).where(eq(users.username, 'joiner'));
      expect(user?.deptId).toBe(home.deptId);
      // The default tenant's own policy bounds its users: a full tenant takes no more registrants.
      const [full] = await t.db.insert(tenantPolicies).values({ title: 'Full house', maxUsers: 1 }).returning({ id: tenantPolicies.id });
      await t.db.update(tenants).set({ policyId: full!.id }).where(eq(tenants.id, home.tenantId));
      const refused = await reg({ username: 'one.too.many' });
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
        status: 409,
        message: expect.stringMatching(/^The tenant's policy allows at most 1 user/),
      });
      expect(await t.db.select().from(users).where(eq(users.username, 'one.too.many'))).toEqual([]);
    } finally {
      await t.db.update(tenantPolicies).set({ tenantSetting: 1 }).where(eq(tenantPolicies.isDefault, true));
    }
  });

  it("with a valid invitation creates the invite's tenant and marks the invite used; a used or unknown code is refused", async () => {
    const [policy] = await t.db.select({ id: tenantPolicies.id }).from(tenantPolicies).limit(1);
    await t.db.insert(tenantInvites).values({ title: 'Acme', companyName: 'Acme Ltd', policyId: policy!.id, code: 'ACME-2024' });
    const res = await reg({ username: 'acme.boss', inviteCode: 'ACME-2024' });
    expect(res.json().code).toBe(0);
    const [tenant] = await t.db.select().from(tenants).where(eq(tenants.id, res.json().data.tenantId));
    expect(tenant?.name).toBe('Acme Ltd');
    const [invite] = await t.db.select().from(tenantInvites).where(eq(tenantInvites.code, 'ACME-2024'));
    expect(invite).toMatchObject({ used: true, usedUsername: 'acme.boss', usedUserId: res.json().data.id });
    expect((await reg({ username: 'acme.two', inviteCode: 'ACME-2024' })).json().message).toMatch(/^This invitation code is not valid or was already used/);
    expect((await reg({ username: 'acme.three', inviteCode: 'NOPE' })).statusCode).toBe(400);
  });

  it('needs an invitation when forceInvite is on, and nothing when registration is off', async () => {
    await writeSetting(t.db, 'forceInvite', true);
    expect((await reg({ username: 'no.invite' })).json().message).toMatch(/^An invitation code is required/);
    await writeSetting(t.db, 'forceInvite', false);
    await writeSetting(t.db, 'registerSwitch', false);
    expect((await reg({ username: 'closed' })).statusCode).toBe(403);
    await writeSetting(t.db, 'registerSwitch', true);
  });
});

describe('registration probes (issue 10)', () => {
  const register = (body: Record<string, unknown>, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/user/admin/site/register', payload: { password: 'a good long passphrase', ...body }, remoteAddress });
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('without the right SMS code learn nothing: taken or free names, numbers and invitations answer alike', async () => {
    const known = newMobile();
    await createUser(t.db, { username: 'probe.known', mobile: known });
    const [policy] = await t.db.select({ id: tenantPolicies.id }).from(tenantPolicies).limit(1);
    await t.db.insert(tenantInvites).values({ title: 'Probe', companyName: 'Probe Ltd', policyId: policy!.id, code: 'PROBE-2024' });
    const free = newMobile();
    // Live codes exist for both numbers; the probes guess wrong. A third number never got a code.
    const wrongKnown = wrongFor(await codeFor('register', known));
    const wrongFree = wrongFor(await codeFor('register', free));
    const probes = [
      { username: 'probe.known', mobile: known, code: wrongKnown },
      { username: 'probe.unknown', mobile: known, code: wrongKnown },
      { username: 'probe.known', mobile: free, code: wrongFree },
      { username: 'probe.unknown', mobile: free, code: wrongFree, inviteCode: 'PROBE-2024' },
      { username: 'probe.unknown', mobile: free, code: wrongFree, inviteCode: 'NO-SUCH-CODE' },
      { username: 'probe.known', mobile: newMobile(), code: '123456' },
    ];
    for (const probe of probes) {
      const res = await register(probe, '10.51.0.1');
      expect({ probe, status: res.statusCode, body: res.json() }).toEqual({
        probe,
        status: 400,
        body: { code: -1, message: 'Verification Code Error.', data: null },
      });
    }
    expect((await t.db.select().from(tenantInvites).where(eq(tenantInvites.code, 'PROBE-2024')))[0]?.used).toBe(false);
  });

  it('are limited per IP address: 429 with Retry-After', async () => {
    const ip = '10.52.0.1';
    for (let i = 0; i < REGISTER_PER_IP_PER_HOUR; i++)
      expect((await register({ username: `ip-probe-${i}`, mobile: newMobile(), code: '123456' }, ip)).statusCode).toBe(400);
    const limited = await register({ username: 'ip-probe-x', mobile: newMobile(), code: '123456' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect(limited.json().message).toMatch(/^Too many registration attempts from this address: at most 20 in 60 minutes; try again in \d+ seconds$/);
    expect((await register({ username: 'ip-probe-x', mobile: newMobile(), code: '123456' }, '10.52.0.2')).statusCode).toBe(400);
  });

  it('are limited per phone number, from any address: 429 with Retry-After', async () => {
    const mobile = newMobile();
    for (let i = 0; i < REGISTER_PER_MOBILE_PER_HOUR; i++)
      expect((await register({ username: `phone-probe-${i}`, mobile, code: '123456' }, `10.53.0.${i + 1}`)).statusCode).toBe(400);
    const limited = await register({ username: 'phone-probe-x', mobile, code: '123456' }, '10.53.1.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many registration attempts for this phone number/);
  });
});
