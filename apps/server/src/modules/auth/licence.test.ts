import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The tenant licence is checked on every request, not only at sign-in: a session open when the
 * tenant's expiry passes is refused at its very next call, even when its answers are held in memory.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = (token: string, lang = 'en-US') => t.app.inject({ url: '/user/admin/member/info', headers: { ...auth(token), 'accept-language': lang } });
const signIn = (username: string, lang = 'en-US') =>
  t.app.inject({
    method: 'POST',
    url: '/user/admin/site/accountLogin',
    headers: { 'accept-language': lang },
    payload: { username, password: 'user-password-1' },
  });

/*
 * The licence runs out by this process's clock (Date.now), which the test moves instead of waiting for
 * it: the calls before the end have ten minutes however slow the machine, and none after it waits.
 */
const realNow = Date.now.bind(Date);
let clockAhead = 0;
beforeEach(() => {
  clockAhead = 0;
  jest.spyOn(Date, 'now').mockImplementation(() => realNow() + clockAhead);
});
afterEach(() => jest.restoreAllMocks());

it('a session open when the licence runs out gets code 60 naming the reason at its next call', async () => {
  const expiresAt = new Date(Date.now() + 600_000);
  const { tenantId } = await createTenant(t.db, { code: 'lic-a', expiresAt });
  await t.db.update(tenants).set({ name: '甲公司' }).where(eq(tenants.id, tenantId));
  const user = await createUser(t.db, { username: 'lic.a', tenantId, menuPaths: ['/org/user'] });
  const token = await tokenFor(t.db, tenantId, user);
  // Twice: the second answer comes from memory (member/info is kept per caller).
  expect((await info(token)).json().code).toBe(0);
  expect((await info(token)).json().code).toBe(0);
  expect((await t.app.inject({ url: '/user/admin/member/list', headers: auth(token) })).json().code).toBe(0);
  clockAhead = 600_001;
  // Nothing was written: only the clock moved.
  const date = expiresAt.toISOString().slice(0, 16).replace('T', ' ');
  const refused = await info(token);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({
    code: 60,
    message: `The licence of your tenant "甲公司" expired on ${date} (UTC): ask the platform administrator to renew it`,
  });
  expect((await info(token, 'zh-CN')).json().message).toBe(`您的租户“甲公司”的授权已于 ${date}（UTC）到期，请联系平台管理员续期`);
  expect((await t.app.inject({ url: '/user/admin/member/list', headers: auth(token) })).json().code).toBe(60);
});

it('signing in to a disabled or expired tenant answers code 60 with the reason', async () => {
  const { tenantId } = await createTenant(t.db, { code: 'lic-b' });
  await t.db.update(tenants).set({ name: 'Acme' }).where(eq(tenants.id, tenantId));
  await createUser(t.db, { username: 'lic.b', tenantId });
  expect((await signIn('lic.b')).json().code).toBe(0);

  await t.db.update(tenants).set({ status: 2 }).where(eq(tenants.id, tenantId));
  const disabled = await signIn('lic.b');
  expect(disabled.json()).toMatchObject({ code: 60, message: 'Your tenant "Acme" is disabled: ask the platform administrator to enable it' });
  expect((await signIn('lic.b', 'zh-CN')).json().message).toBe('您的租户“Acme”已停用，请联系平台管理员启用');

  const past = new Date(Date.UTC(2026, 0, 2, 3, 4));
  await t.db.update(tenants).set({ status: 1, expiresAt: past }).where(eq(tenants.id, tenantId));
  expect((await signIn('lic.b')).json()).toMatchObject({
    code: 60,
    message: 'The licence of your tenant "Acme" expired on 2026-01-02 03:04 (UTC): ask the platform administrator to renew it',
  });

  await t.db.update(tenants).set({ expiresAt: null }).where(eq(tenants.id, tenantId));
  expect((await signIn('lic.b')).json().code).toBe(0);
});
