import { and, desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../../db/schema';
import { auth, createTenant, createUser, grantButtonsUnder, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MOBILE_CLASHES_PER_ACCOUNT_PER_HOUR, MOBILE_CLASHES_PER_ADDRESS_PER_HOUR } from './member-mobile';

/*
 * Issue 26, point 4: a signed-in user probing phone numbers. The account settings' number change and
 * an administrator's member/edit answer a number that has an account in another tenant exactly as a
 * free one, and what can still be learnt (codes texted; clashes within the caller's own tenant) is
 * limited per account and per address, with a 429 saying when to try again.
 */

let t: TestApp;
let other: { tenantId: number; deptId: number };
let mine: { tenantId: number; deptId: number };
beforeAll(async () => {
  t = await createTestApp();
  other = await createTenant(t.db, { code: 'probe-other' });
  mine = await createTenant(t.db, { code: 'probe-mine' });
});
afterAll(() => t.close());

let n = 0;
const newMobile = () => `1360000${String(++n).padStart(4, '0')}`;
/** A number an account of the other tenant verified (signs in with). */
const takenElsewhere = async () => {
  const mobile = newMobile();
  await createUser(t.db, { username: `probe.holder${++n}`, tenantId: other.tenantId, mobile });
  return mobile;
};
/** A number on a user of the prober's own tenant. */
const takenHere = async () => {
  const mobile = newMobile();
  await createUser(t.db, { username: `probe.colleague${++n}`, tenantId: mine.tenantId, mobile });
  return mobile;
};
/** A user of the prober's tenant allowed to manage users (member/edit, import). */
const administrator = async () => {
  const id = await createUser(t.db, { username: `probe.admin${++n}`, tenantId: mine.tenantId, deptId: mine.deptId, menuPaths: ['/org/user'] });
  await grantButtonsUnder(t.db, mine.tenantId, id, '/org/user');
  return tokenFor(t.db, mine.tenantId, id);
};
/** A plain user of the prober's tenant (the account settings need no permission). */
const plainUser = async () => {
  const id = await createUser(t.db, { username: `probe.user${++n}`, tenantId: mine.tenantId, deptId: mine.deptId, menuPaths: [] });
  return tokenFor(t.db, mine.tenantId, id);
};
const post = async (url: string, token: string, payload: object, ip: string) => {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: auth(token), remoteAddress: ip });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
};
const codeRequest = (token: string, mobile: string, ip: string) => post('/user/admin/member/profile/mobile/code', token, { mobile }, ip);
const confirm = (token: string, mobile: string, code: string, ip: string) => post('/user/admin/member/profile/mobile', token, { mobile, code }, ip);
const newUser = (mobile: string) => ({ username: `probe.u${++n}`, password: 'user-password-1', realName: 'Probe', mobile });
const edit = (token: string, body: object, ip: string) => post('/user/admin/member/edit', token, body, ip);
/** Status and body, with the number itself left out (the answer names the number it was given). */
const answer = (res: { status: number; body: unknown }, mobile: string) => ({
  status: res.status,
  body: JSON.stringify(res.body).replaceAll(mobile, 'NUMBER'),
});
async function textedCode(mobile: string): Promise<string | undefined> {
  const [sent] = await t.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.mobile, mobile), eq(smsOutbox.event, 'changeMobile')))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return sent && /\d{6}/.exec(sent.body)![0];
}
const TOO_MANY = { status: 429, retryAfter: expect.stringMatching(/^[1-9]\d*$/) };
const tooMany = (what: string) => ({
  ...TOO_MANY,
  body: { code: -1, data: null, message: expect.stringMatching(new RegExp(`^Too many ${what}: at most \\d+ in 60 minutes; try again in \\d+ seconds$`)) },
});

describe('a probe of another tenant’s number', () => {
  it('gets the answer a free number gets from the account settings’ code request and confirmation', async () => {
    const token = await plainUser();
    const [taken, typedElsewhere, free] = [await takenElsewhere(), newMobile(), newMobile()];
    await createUser(t.db, { username: `probe.typed${++n}`, tenantId: other.tenantId, mobile: typedElsewhere, mobileVerified: false });
    const freeAnswer = await codeRequest(token, free, '10.26.10.1');
    expect(freeAnswer).toMatchObject({ status: 200, body: { code: 0, data: { cooldownSeconds: 60, expiresInSeconds: 600 } } });
    expect(await codeRequest(token, taken, '10.26.10.1')).toEqual(freeAnswer);
    expect(await codeRequest(token, typedElsewhere, '10.26.10.1')).toEqual(freeAnswer);
    // Without the code texted to the phone, the confirmation says the same too.
    for (const mobile of [taken, free]) {
      const texted = (await textedCode(mobile))!;
      const wrong = String((Number(texted) + 1) % 1_000_000).padStart(6, '0');
      expect(answer(await confirm(token, mobile, wrong, '10.26.10.1'), mobile)).toEqual({
        status: 400,
        body: JSON.stringify({
          code: -1,
          message: 'The code is wrong or has expired: ask for a new code to the new number and enter it',
          data: { fields: [{ field: 'code', message: 'The code is wrong or has expired: ask for a new code to the new number and enter it' }] },
        }),
      });
    }
    // The phone's holder, entering the texted code, learns the number is taken (as SMS sign-in would tell them).
    const holder = await confirm(token, taken, (await textedCode(taken))!, '10.26.10.1');
    expect(holder).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^The phone number .* is already used by another account/) } });
  });

  it('gets the answer a free number gets from an administrator’s member/edit', async () => {
    const token = await administrator();
    const made = (await edit(token, newUser(newMobile()), '10.26.11.1')).body.data as { id: number; username: string };
    const setNumber = async (mobile: string) =>
      answer(await edit(token, { id: made.id, username: made.username, realName: 'Probe', mobile, roleIds: [] }, '10.26.11.1'), mobile);
    const free = await setNumber(newMobile());
    expect(free.status).toBe(200);
    expect(await setNumber(await takenElsewhere())).toEqual(free);
    const created = [await edit(token, newUser(await takenElsewhere()), '10.26.11.1'), await edit(token, newUser(newMobile()), '10.26.11.1')];
    expect(created.map((r) => [r.status, r.body.code, r.body.message])).toEqual([
      [200, 0, 'ok'],
      [200, 0, 'ok'],
    ]);
  });
});

describe('the limits on probing', () => {
  it('count every number-change code per account, the taken numbers’ too, then answer 429 saying when', async () => {
    const token = await plainUser();
    for (let i = 0; i < 10; i++) expect((await codeRequest(token, await takenElsewhere(), '10.26.20.1')).status).toBe(200);
    expect(await codeRequest(token, newMobile(), '10.26.20.2')).toEqual(tooMany('SMS codes for this account'));
    // Another account goes on.
    expect((await codeRequest(await plainUser(), newMobile(), '10.26.20.1')).status).toBe(200);
  });

  it('count every number-change code per address, across accounts', async () => {
    for (let user = 0; user < 3; user++) {
      const token = await plainUser();
      for (let i = 0; i < 10; i++) expect((await codeRequest(token, await takenElsewhere(), '10.26.21.1')).status).toBe(200);
    }
    const fourth = await plainUser();
    expect(await codeRequest(fourth, newMobile(), '10.26.21.1')).toEqual(tooMany('SMS codes from this address'));
    expect((await codeRequest(fourth, newMobile(), '10.26.21.2')).status).toBe(200);
  });

  it('count an administrator’s clashes per account; past the limit every change of number waits, clash or not', async () => {
    const token = await administrator();
    const kept = (await edit(token, newUser(newMobile()), '10.26.22.1')).body.data as { id: number; username: string; mobile: string };
    for (let i = 0; i < MOBILE_CLASHES_PER_ACCOUNT_PER_HOUR; i++) {
      const clash = await edit(token, newUser(await takenHere()), '10.26.22.1');
      expect({ status: clash.status, message: clash.body.message }).toEqual({ status: 409, message: expect.stringMatching(/^The phone number/) });
    }
    expect(await edit(token, newUser(newMobile()), '10.26.22.2')).toEqual(tooMany('phone number clashes for this account'));
    expect(await edit(token, newUser(await takenHere()), '10.26.22.2')).toEqual(tooMany('phone number clashes for this account'));
    // A user keeping their number is no probe.
    const save = await edit(token, { id: kept.id, username: kept.username, realName: 'Kept', mobile: kept.mobile, roleIds: [] }, '10.26.22.1');
    expect(save.status).toBe(200);
    // Another administrator goes on.
    expect((await edit(await administrator(), newUser(await takenHere()), '10.26.22.3')).status).toBe(409);
  });

  it('count an administrator’s clashes per address, across accounts', async () => {
    const perAccount = MOBILE_CLASHES_PER_ACCOUNT_PER_HOUR;
    for (let admin = 0; admin < MOBILE_CLASHES_PER_ADDRESS_PER_HOUR / perAccount; admin++) {
      const token = await administrator();
      for (let i = 0; i < perAccount; i++) expect((await edit(token, newUser(await takenHere()), '10.26.23.1')).status).toBe(409);
    }
    const next = await administrator();
    expect(await edit(next, newUser(newMobile()), '10.26.23.1')).toEqual(tooMany('phone number clashes from this address'));
    expect((await edit(next, newUser(newMobile()), '10.26.23.2')).status).toBe(200);
  });

  it('count each imported row refused for its number; past the limit imports and edits wait', async () => {
    const token = await administrator();
    const rows = [];
    for (let i = 0; i < MOBILE_CLASHES_PER_ACCOUNT_PER_HOUR - 1; i++) rows.push(newUser(await takenHere()));
    const report = await post('/user/admin/member/import', token, { rows: [...rows, newUser(newMobile())] }, '10.26.24.1');
    // The row with a number of its own is imported; each clash is refused on its row.
    expect(report.body.data.imported).toBe(1);
    expect(report.body.data.errors).toHaveLength(MOBILE_CLASHES_PER_ACCOUNT_PER_HOUR - 1);
    // One more clash reaches the limit; and an import that would pass it is refused whole.
    const over = await post('/user/admin/member/import', token, { rows: [newUser(await takenHere()), newUser(await takenHere())] }, '10.26.24.1');
    expect(over).toEqual(tooMany('phone number clashes for this account'));
    expect(await edit(token, newUser(newMobile()), '10.26.24.1')).toEqual(tooMany('phone number clashes for this account'));
    expect(await post('/user/admin/member/import', token, { rows: [newUser(newMobile())] }, '10.26.24.1')).toEqual(
      tooMany('phone number clashes for this account'),
    );
  });
});
