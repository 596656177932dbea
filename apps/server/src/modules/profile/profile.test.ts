import { and, desc, eq } from 'drizzle-orm';
import { auditLogs, posts, smsOutbox, userPosts, users } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, ADMIN_PASSWORD, type TestApp } from '../../test/test-app';
import { multipartBody, PNG, uploadImage, fetchFile } from '../upload/upload.fixtures';
import { noticePreferences } from './notice-preferences';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'own-password-1';
const P = '/user/admin/member/profile';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const get = (url: string, token: string, query: Record<string, string> = {}) => t.app.inject({ url, query, headers: auth(token) });
const post = (url: string, token: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: auth(token), payload });
const info = (token: string) => get('/user/admin/member/info', token);
/** Signs in through the API (so the login log and the session keep the user agent). */
async function signIn(username: string, password = PASSWORD, userAgent = CHROME_WINDOWS): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/user/admin/site/accountLogin',
    headers: { 'user-agent': userAgent },
    payload: { username, password },
  });
  expect(res.json().code).toBe(0);
  return res.json().data.token as string;
}
let serial = 0;
/** A fresh user of the platform tenant with a role and no permissions. */
const newUser = async (extra: { mobile?: string; mobileVerified?: boolean; tenantId?: number; deptId?: number } = {}) => {
  const username = `self.${++serial}.${Date.now() % 100000}`;
  const id = await createUser(t.db, { username, password: PASSWORD, menuPaths: [], ...extra });
  return { id, username };
};
/** A mainland mobile number no other test uses. */
const newMobile = () => `139${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial % 100).padStart(2, '0')}`;
/** The code the log driver texted to `mobile` last. */
async function codeSentTo(mobile: string): Promise<string> {
  const [sent] = await t.db
    .select({ body: smsOutbox.body, event: smsOutbox.event })
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  expect(sent?.event).toBe('changeMobile');
  return /\d{6}/.exec(sent!.body)![0];
}
const audited = (action: string, userId: number) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.userId, userId)));

describe('account centre', () => {
  it("shows the caller's own card, sign-ins and ledger, and nobody else's", async () => {
    const { tenantId, deptId } = await createTenant(t.db, { code: 'self-centre' });
    const me = await newUser({ tenantId, deptId });
    const other = await newUser({ tenantId, deptId });
    const [main] = await t.db.insert(posts).values({ tenantId, name: 'Engineer', code: 'eng' }).returning({ id: posts.id });
    const [extra] = await t.db.insert(posts).values({ tenantId, name: 'Mentor', code: 'mentor', sort: 1 }).returning({ id: posts.id });
    await t.db.update(users).set({ postId: main!.id, balance: '12.50', integral: 30 }).where(eq(users.id, me.id));
    await t.db.insert(userPosts).values({ tenantId, userId: me.id, postId: extra!.id });
    const failed = await t.app.inject({
      method: 'POST',
      url: '/user/admin/site/accountLogin',
      payload: { username: me.username, password: 'wrong-password-9' },
    });
    expect(failed.json().code).not.toBe(0);
    await signIn(other.username);
    const token = await signIn(me.username, PASSWORD, SAFARI_IPHONE);

    const card = (await get(`${P}/center`, token)).json();
    expect(card.code).toBe(0);
    expect(card.data).toMatchObject({
      id: me.id,
      username: me.username,
      tenantName: 'Tenant self-centre',
      deptName: 'Root self-centre',
      roles: [{ name: `role of ${me.username}` }],
      posts: [
        { id: main!.id, name: 'Engineer' },
        { id: extra!.id, name: 'Mentor' },
      ],
      balance: '12.50',
      integral: 30,
      loginCount: 1,
      lastLoginIp: '127.0.0.1',
    });
    expect(card.data.lastLoginAt).not.toBeNull();
    expect(card.data.createdAt).toEqual(expect.any(String));

    const logins = (await get(`${P}/logins`, token)).json().data;
    expect(logins.total).toBe(2);
    expect(logins.list.map((r: { result: number }) => r.result)).toEqual([1, 2]);
    expect(logins.list[0]).toMatchObject({ method: 'account', reason: 'ok', browser: 'Safari 17', os: 'iOS 17.5', device: 'mobile' });
    // The caller's filters narrow their own rows; they never widen them.
    const failures = (await get(`${P}/logins`, token, { filter: JSON.stringify([['result', '=', 2]]) })).json().data;
    expect(failures.list).toHaveLength(1);
    const widened = (await get(`${P}/logins`, token, { filter: JSON.stringify([['userId', '=', other.id]]) })).json().data;
    expect(widened.list).toEqual([]);
  });

  it("lists the caller's own balance and points changes only", async () => {
    const me = await newUser();
    const other = await newUser();
    const admin = await t.login();
    for (const [id, num] of [
      [me.id, 5],
      [other.id, 7],
      [me.id, 2.5],
    ] as const) {
      expect((await post('/user/admin/member/addBalance', admin, { id, operateMode: 1, num })).json().code).toBe(0);
    }
    expect((await post('/user/admin/member/addIntegral', admin, { id: me.id, operateMode: 1, num: 4 })).json().code).toBe(0);
    const token = await tokenFor(t.db, 1, me.id);
    const ledger = (await get(`${P}/ledger`, token)).json().data;
    expect(ledger.total).toBe(3);
    expect(ledger.list.map((r: { userId: number }) => r.userId)).toEqual([me.id, me.id, me.id]);
    expect(ledger.list.map((r: { kind: number; change: string }) => [r.kind, r.change])).toEqual([
      [2, '4'],
      [1, '2.50'],
      [1, '5.00'],
    ]);
    expect((await get(`${P}/center`, token)).json().data).toMatchObject({ balance: '7.50', integral: 4 });
  });
});

describe('basic info', () => {
  it('shows at once in member/info (the header), keeps user name and tenant, and is audited', async () => {
    const me = await newUser();
    const token = await signIn(me.username);
    // member/info answered once, so its per-caller answer is in memory: the save must drop it.
    expect((await info(token)).json().data).toMatchObject({ realName: '', avatar: '' });
    expect((await info(token)).json().data.realName).toBe('');
    const { payload, headers } = multipartBody(PNG);
    const uploaded = await t.app.inject({ method: 'POST', url: `${P}/upload`, query: { purpose: 'public' }, payload, headers: { ...headers, ...auth(token) } });
    expect(uploaded.json()).toMatchObject({ code: 0, data: { purpose: 'public' } });
    const avatar = uploaded.json().data.url as string;
    const saved = await post(`${P}/edit`, token, {
      avatar,
      realName: 'Wang Fang',
      sex: 2,
      birthday: '1990-05-01',
      qq: '123456',
      email: 'wang@example.com',
      address: 'Beijing',
      username: 'renamed.by.hand',
      tenantId: 99,
      id: 1,
    });
    expect(saved.json()).toMatchObject({
      code: 0,
      data: {
        id: me.id,
        username: me.username,
        realName: 'Wang Fang',
        avatar,
        sex: 2,
        birthday: '1990-05-01',
        qq: '123456',
        email: 'wang@example.com',
        address: 'Beijing',
      },
    });
    expect((await info(token)).json().data).toMatchObject({ id: me.id, username: me.username, realName: 'Wang Fang', avatar, tenantId: 1 });
    const [row] = await t.db.select({ username: users.username, tenantId: users.tenantId }).from(users).where(eq(users.id, me.id));
    expect(row).toEqual({ username: me.username, tenantId: 1 });
    expect((await fetchFile(t, avatar)).statusCode).toBe(200);
    const [entry] = await audited(`${P}/edit`, me.id);
    expect(entry).toMatchObject({ target: String(me.id), ip: '127.0.0.1' });
    expect(entry!.fields).toEqual(expect.arrayContaining(['avatar', 'realName', 'sex']));
  });

  it("refuses an avatar that is not an upload of the caller's tenant, and bad fields, changing nothing", async () => {
    const { tenantId, deptId } = await createTenant(t.db, { code: 'self-avatar' });
    const stranger = await newUser({ tenantId, deptId });
    const foreign = await uploadImage(t, await tokenFor(t.db, tenantId, stranger.id));
    // The stranger's role has no upload permission: the profile's own upload is the way for them.
    expect(foreign.status).toBe(403);
    const { payload, headers } = multipartBody(PNG);
    const theirs = await t.app.inject({
      method: 'POST',
      url: `${P}/upload`,
      payload,
      headers: { ...headers, ...auth(await tokenFor(t.db, tenantId, stranger.id)) },
    });
    const me = await newUser();
    const token = await tokenFor(t.db, 1, me.id);
    const refused = await post(`${P}/edit`, token, { avatar: theirs.json().data.url, realName: 'Nobody' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^The image .* is not an upload of your tenant/);
    const missing = await post(`${P}/edit`, token, { realName: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Real name cannot be empty');
    expect((await post(`${P}/edit`, token, { realName: 'Li', email: 'not-an-email' })).statusCode).toBe(400);
    expect((await info(token)).json().data.realName).toBe('');
  });
});

describe('password change', () => {
  const change = (token: string, payload: object) => post('/user/admin/member/updatePwd', token, payload);

  it('applies the password policy, ends the other sessions when asked, and is audited', async () => {
    const me = await newUser();
    const others = [await signIn(me.username), await signIn(me.username)];
    const current = await signIn(me.username);
    const common = await change(current, { oldPassword: PASSWORD, newPassword: 'password1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/^This password is among the most commonly used/);
    const res = await change(current, { oldPassword: PASSWORD, newPassword: 'a-new-password-2', endOtherSessions: true });
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { revoked: 2 } });
    for (const token of others) expect((await info(token)).json().code).toBe(61);
    expect((await info(current)).json().code).toBe(0);
    expect((await audited('/user/admin/member/updatePwd', me.id)).map((e) => e.fields)).toEqual([['oldPassword', 'newPassword', 'endOtherSessions']]);
    // Without endOtherSessions: false keeps them.
    const kept = await signIn(me.username, 'a-new-password-2');
    expect((await change(current, { oldPassword: 'a-new-password-2', newPassword: 'a-third-password-3', endOtherSessions: false })).json().data).toEqual({
      revoked: 0,
    });
    expect((await info(kept)).json().code).toBe(0);
  });

  it('counts wrong current passwords: after five, further tries wait, even with the right one', async () => {
    const me = await newUser();
    const token = await tokenFor(t.db, 1, me.id);
    for (let i = 0; i < 6; i++) {
      const wrong = await change(token, { oldPassword: `wrong-${i}-password`, newPassword: 'a-new-password-2' });
      expect({ i, status: wrong.statusCode, message: wrong.json().message }).toEqual({ i, status: 400, message: 'The current password is wrong' });
    }
    const locked = await change(token, { oldPassword: PASSWORD, newPassword: 'a-new-password-2' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await change(token, { oldPassword: PASSWORD, newPassword: 'a-new-password-2' })).json().code).toBe(0);
  });
});

describe('change phone', () => {
  it('needs the code sent to the NEW number; the number then signs in', async () => {
    const oldMobile = newMobile();
    const me = await newUser({ mobile: oldMobile });
    const token = await tokenFor(t.db, 1, me.id);
    const wanted = newMobile();
    const sent = await post(`${P}/mobile/code`, token, { mobile: wanted });
    expect(sent.json()).toMatchObject({ code: 0, data: { cooldownSeconds: 60 } });
    const code = await codeSentTo(wanted);
    // A code texted to another number (the old one, by a reset) does not move the number.
    const reset = await t.app.inject({ method: 'POST', url: '/admin/admin/sms/send', payload: { event: 'resetPwd', mobile: oldMobile } });
    expect(reset.json().code).toBe(0);
    const [oldSms] = await t.db.select({ body: smsOutbox.body }).from(smsOutbox).where(eq(smsOutbox.mobile, oldMobile)).orderBy(desc(smsOutbox.id)).limit(1);
    const oldCode = /\d{6}/.exec(oldSms!.body)![0];
    if (oldCode !== code) {
      const wrongNumber = await post(`${P}/mobile`, token, { mobile: wanted, code: oldCode });
      expect(wrongNumber.statusCode).toBe(400);
      expect(wrongNumber.json().message).toMatch(/^The code is wrong/);
    }
    const elsewhere = newMobile();
    const moved = await post(`${P}/mobile`, token, { mobile: elsewhere, code });
    expect(moved.statusCode).toBe(400);

    const done = await post(`${P}/mobile`, token, { mobile: wanted, code });
    expect(done.json()).toMatchObject({ code: 0, data: { mobile: wanted, mobileVerified: true } });
    expect((await audited(`${P}/mobile`, me.id)).map((e) => e.fields)).toEqual([['mobile']]);
    // Single use.
    expect((await post(`${P}/mobile`, token, { mobile: wanted, code })).statusCode).toBe(400);
    // The code the user asked for with the public call is never one for changing the number.
    const open = await t.app.inject({ method: 'POST', url: '/admin/admin/sms/send', payload: { event: 'changeMobile', mobile: newMobile() } });
    expect(open.statusCode).toBe(400);
  });

  it("texts the code to another account's number like to any (only its holder learns it is taken); refuses the own verified one", async () => {
    const takenNumber = newMobile();
    const { tenantId, deptId } = await createTenant(t.db, { code: 'self-mobile' });
    await newUser({ tenantId, deptId, mobile: takenNumber });
    const mine = newMobile();
    const me = await newUser({ mobile: mine });
    const token = await tokenFor(t.db, 1, me.id);
    const taken = await post(`${P}/mobile/code`, token, { mobile: takenNumber });
    expect(taken.json()).toMatchObject({ code: 0, data: { cooldownSeconds: 60 } });
    expect(await codeSentTo(takenNumber)).toMatch(/^\d{6}$/);
    const own = await post(`${P}/mobile/code`, token, { mobile: mine });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/^This is already the phone number of your account/);
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mine))).toEqual([]);
    const badNumber = await post(`${P}/mobile/code`, token, { mobile: '12345' });
    expect(badNumber.statusCode).toBe(400);
  });

  it('verifies the number an administrator typed on the account, which the card then shows verified', async () => {
    const typed = newMobile();
    const me = await newUser({ mobile: typed, mobileVerified: false });
    const token = await tokenFor(t.db, 1, me.id);
    expect((await get(`${P}/center`, token)).json().data).toMatchObject({ mobile: typed, mobileVerified: false });
    expect((await post(`${P}/mobile/code`, token, { mobile: typed })).json().code).toBe(0);
    const done = await post(`${P}/mobile`, token, { mobile: typed, code: await codeSentTo(typed) });
    expect(done.json()).toMatchObject({ code: 0, data: { mobile: typed, mobileVerified: true } });
    expect((await post(`${P}/mobile/code`, token, { mobile: typed })).statusCode).toBe(400);
  });

  it('answers 409 when the number was taken after the code was sent, keeping the old number', async () => {
    const oldMobile = newMobile();
    const me = await newUser({ mobile: oldMobile });
    const token = await tokenFor(t.db, 1, me.id);
    const wanted = newMobile();
    expect((await post(`${P}/mobile/code`, token, { mobile: wanted })).json().code).toBe(0);
    const code = await codeSentTo(wanted);
    await newUser({ mobile: wanted });
    const res = await post(`${P}/mobile`, token, { mobile: wanted, code });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.fields).toEqual([{ field: 'mobile', message: res.json().message }]);
    expect((await get(`${P}/center`, token)).json().data.mobile).toBe(oldMobile);
  });

  it('kills the code after five wrong guesses, even though each refusal is an error', async () => {
    const me = await newUser();
    const token = await tokenFor(t.db, 1, me.id);
    const wanted = newMobile();
    expect((await post(`${P}/mobile/code`, token, { mobile: wanted })).json().code).toBe(0);
    const code = await codeSentTo(wanted);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await post(`${P}/mobile`, token, { mobile: wanted, code: wrong })).statusCode).toBe(400);
    expect((await post(`${P}/mobile`, token, { mobile: wanted, code })).statusCode).toBe(400);
    expect((await get(`${P}/center`, token)).json().data.mobile).toBe('');
  });

  it('keeps the SMS limits: one code a minute per number', async () => {
    const me = await newUser();
    const token = await tokenFor(t.db, 1, me.id);
    const wanted = newMobile();
    expect((await post(`${P}/mobile/code`, token, { mobile: wanted })).json().code).toBe(0);
    const again = await post(`${P}/mobile/code`, token, { mobile: wanted });
    expect(again.statusCode).toBe(429);
  });
});

describe('my sessions', () => {
  type Row = { id: number; current: boolean; browser: string; os: string; device: string };
  const mine = async (token: string) => (await get('/user/admin/member/sessions', token)).json().data.list as Row[];

  it('names the device of each session and marks the current one', async () => {
    const me = await newUser();
    await signIn(me.username, PASSWORD, SAFARI_IPHONE);
    const token = await signIn(me.username, PASSWORD, CHROME_WINDOWS);
    const list = await mine(token);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, browser: 'Chrome 126', os: 'Windows 10', device: 'desktop' });
    expect(list[1]).toMatchObject({ current: false, browser: 'Safari 17', device: 'mobile' });
  });

  it('a revoked own session stops at once (61); another user cannot revoke it', async () => {
    const me = await newUser();
    const phone = await signIn(me.username, PASSWORD, SAFARI_IPHONE);
    const desk = await signIn(me.username);
    expect((await info(phone)).json().code).toBe(0);
    const phoneId = (await mine(desk)).find((s) => !s.current)!.id;
    const stranger = await tokenFor(t.db, 1, (await newUser()).id);
    expect((await post('/user/admin/member/sessions/revoke', stranger, { id: phoneId })).statusCode).toBe(404);
    expect((await info(phone)).json().code).toBe(0);
    expect((await post('/user/admin/member/sessions/revoke', desk, { id: phoneId })).json().code).toBe(0);
    const stopped = await info(phone);
    expect(stopped.statusCode).toBe(401);
    expect(stopped.json().code).toBe(61);
    expect((await info(desk)).json().code).toBe(0);
    expect((await audited('/user/admin/member/sessions/revoke', me.id)).map((e) => e.target)).toEqual([String(phoneId)]);
  });

  it('revoke all others keeps the current one (and touches nobody else)', async () => {
    const me = await newUser();
    const someoneElse = await newUser();
    const theirs = await signIn(someoneElse.username);
    const others = [await signIn(me.username), await signIn(me.username, PASSWORD, SAFARI_IPHONE)];
    const current = await signIn(me.username);
    const res = await post('/user/admin/member/sessions/revokeOthers', current);
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { revoked: 2 } });
    for (const token of others) expect((await info(token)).json().code).toBe(61);
    expect((await info(current)).json().code).toBe(0);
    expect((await info(theirs)).json().code).toBe(0);
    expect((await mine(current)).map((s) => s.current)).toEqual([true]);
    expect(await audited('/user/admin/member/sessions/revokeOthers', me.id)).toHaveLength(1);
  });
});

describe('withdrawal', () => {
  const privateUpload = async (token: string) => {
    const { payload, headers } = multipartBody(PNG);
    const res = await t.app.inject({ method: 'POST', url: `${P}/upload`, query: { purpose: 'private' }, payload, headers: { ...headers, ...auth(token) } });
    expect(res.json().code).toBe(0);
    return res.json().data.url as string;
  };

  it('needs the login password: a wrong one changes nothing', async () => {
    const me = await newUser();
    const token = await tokenFor(t.db, 1, me.id);
    const alipayCode = await privateUpload(token);
    const data = { alipayName: 'Wang Fang', alipayAccount: 'wang@alipay.example', alipayCode };
    const wrong = await post(`${P}/withdrawal/edit`, token, { ...data, password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The login password is wrong: enter the password you sign in with');
    const none = await post(`${P}/withdrawal/edit`, token, data);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Password cannot be empty');
    expect((await get(`${P}/withdrawal`, token)).json().data).toEqual({ alipayName: '', alipayAccount: '', alipayCode: '' });
    expect(await audited(`${P}/withdrawal/edit`, me.id)).toEqual([]);

    const saved = await post(`${P}/withdrawal/edit`, token, { ...data, password: PASSWORD });
    expect(saved.json()).toEqual({ code: 0, message: 'ok', data });
    expect((await get(`${P}/withdrawal`, token)).json().data).toEqual(data);
    expect((await audited(`${P}/withdrawal/edit`, me.id)).map((e) => e.fields)).toEqual([['alipayName', 'alipayAccount', 'alipayCode']]);
    // The payment code goes to its owner only.
    expect((await fetchFile(t, alipayCode, token)).statusCode).toBe(200);
    expect((await fetchFile(t, alipayCode)).statusCode).toBe(401);
    const stranger = await tokenFor(t.db, 1, (await newUser()).id);
    expect((await fetchFile(t, alipayCode, stranger)).statusCode).toBe(403);
  });

  it('takes a private upload only as the payment code', async () => {
    const me = await newUser();
    const token = await tokenFor(t.db, 1, me.id);
    const { payload, headers } = multipartBody(PNG);
    const pub = await t.app.inject({ method: 'POST', url: `${P}/upload`, query: { purpose: 'public' }, payload, headers: { ...headers, ...auth(token) } });
    const res = await post(`${P}/withdrawal/edit`, token, { alipayName: 'A', alipayAccount: 'a', alipayCode: pub.json().data.url, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The image was uploaded as public/);
    expect((await get(`${P}/withdrawal`, token)).json().data.alipayName).toBe('');
  });

  it('shows the user their own payment code when an administrator uploaded it', async () => {
    const me = await newUser();
    const admin = await t.login('admin', ADMIN_PASSWORD);
    const uploaded = await uploadImage(t, admin, { purpose: 'private' });
    await t.db.update(users).set({ alipayCode: uploaded.body.data.url }).where(eq(users.id, me.id));
    const token = await tokenFor(t.db, 1, me.id);
    expect((await get(`${P}/withdrawal`, token)).json().data.alipayCode).toBe(uploaded.body.data.url);
    expect((await fetchFile(t, uploaded.body.data.url, token)).statusCode).toBe(200);
  });
});

describe('notification switches', () => {
  it('are all on until changed, and are per user', async () => {
    const me = await newUser();
    const other = await newUser();
    const token = await tokenFor(t.db, 1, me.id);
    expect((await get(`${P}/notification`, token)).json().data).toEqual({ notices: true, letters: true, system: true });
    const saved = await post(`${P}/notification/edit`, token, { notices: true, letters: false, system: false });
    expect(saved.json()).toEqual({ code: 0, message: 'ok', data: { notices: true, letters: false, system: false } });
    expect((await get(`${P}/notification`, token)).json().data).toEqual({ notices: true, letters: false, system: false });
    expect(await noticePreferences(t.db, me.id)).toEqual({ notices: true, letters: false, system: false });
    expect(await noticePreferences(t.db, other.id)).toEqual({ notices: true, letters: true, system: true });
    expect((await post(`${P}/notification/edit`, token, { notices: 'yes', letters: false, system: false })).statusCode).toBe(400);
    expect((await post(`${P}/notification/edit`, token, { notices: false, letters: true, system: true })).json().data).toEqual({
      notices: false,
      letters: true,
      system: true,
    });
    expect(await audited(`${P}/notification/edit`, me.id)).toHaveLength(2);
  });
});

describe('access', () => {
  it('needs a session for every profile call', async () => {
    for (const url of [`${P}/center`, `${P}/logins`, `${P}/ledger`, `${P}/withdrawal`, `${P}/notification`]) {
      expect((await t.app.inject({ url })).json().code).toBe(61);
    }
    expect((await t.app.inject({ method: 'POST', url: '/user/admin/member/sessions/revokeOthers' })).json().code).toBe(61);
  });
});
