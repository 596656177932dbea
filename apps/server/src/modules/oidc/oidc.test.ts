import { and, desc, eq } from 'drizzle-orm';
import { renderMessage } from '@uc/contracts/messages';
import type ProviderType from 'oidc-provider';
import { auditLogs, loginLogs, tenants, userOidcIdentities, users } from '../../db/schema';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nodeRequire, openTestProvider, type TestAccount, type TestProvider } from './oidc-provider.fixtures';
import { UNKNOWN_PROVIDER } from './oidc-providers';
import { ALREADY_BOUND, NOT_BOUND } from './oidc.routes';
import { HANDOFF_SPENT, UNBOUND } from './oidc.service';

// openid-client and oidc-provider are ESM only, which this CommonJS suite cannot load (nodeRequire):
// the server's lazy import of openid-client gets the real package as Node loads it.
jest.mock('openid-client', () => jest.requireActual<typeof import('./oidc-provider.fixtures')>('./oidc-provider.fixtures').nodeRequire('openid-client'));
const { Provider } = nodeRequire<{ Provider: typeof ProviderType }>('oidc-provider');

const PUBLIC_URL = 'http://uc.test';
const ACCOUNTS: TestAccount[] = [
  { id: 'alice-sub', password: 'alice-pass', email: 'alice@sso.test', name: 'Alice Liddell' },
  { id: 'bob-sub', password: 'bob-pass', email: 'bob@sso.test', name: 'Bob Builder' },
  { id: 'carol-sub', password: 'carol-pass', email: 'carol@sso.test', name: 'Carol Danvers' },
  { id: 'dave-sub', password: 'dave-pass', email: 'dave@sso.test', name: 'Dave Grohl' },
  { id: 'erin-sub', password: 'erin-pass', email: 'erin@sso.test', name: 'Erin Brockovich' },
  { id: 'frank-sub', password: 'frank-pass', email: '', name: 'Frank' },
];
const account = (id: string) => ACCOUNTS.find((a) => a.id === id)!;

let sso: TestProvider;
let t: TestApp;
beforeAll(async () => {
  sso = await openTestProvider(Provider);
  sso.start(`${PUBLIC_URL}/user/admin/oidc/callback`, ACCOUNTS);
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      OIDC_PROVIDERS: JSON.stringify([
        sso.entry('corp', 'Corp SSO'),
        // Configured, but nothing answers there.
        { id: 'down', name: 'Down SSO', issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' },
      ]),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await sso?.close();
});

type Answer = { code: number; message: string; data: unknown };
const json = (res: { json: () => unknown }) => res.json() as Answer;
const cookieHeader = (res: { headers: Record<string, unknown> }): string => {
  const set = res.headers['set-cookie'];
  const first = Array.isArray(set) ? String(set[0]) : String(set ?? '');
  return first.split(';')[0]!;
};

/** One browser at the provider: follows its redirects with its cookies, signing in on its page. */
async function signInAtProvider(authorizationUrl: string, who: TestAccount | 'cancel'): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(PUBLIC_URL)) return url;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form?.toString(),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
    form = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action) throw new Error(`unexpected answer from the provider (${res.status}): ${html.slice(0, 300)}`);
    if (who === 'cancel') {
      url = new URL(`${action}/abort`, url).href;
      continue;
    }
    form = new URLSearchParams({ login: who.id, password: who.password });
    url = new URL(action, url).href;
  }
  throw new Error('the provider never sent the browser back');
}

/** The path and query of the callback's answer, from a browser holding `cookie`. */
async function callback(returned: string, cookie: string): Promise<URL> {
  const res = await t.app.inject({ url: returned.slice(PUBLIC_URL.length), headers: { cookie } });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location), PUBLIC_URL);
}

/** Starts binding for the user of `token` and walks it through the provider; returns where the callback sends the browser. */
async function bind(token: string, who: TestAccount | 'cancel', provider = 'corp'): Promise<URL> {
  const res = await t.app.inject({ method: 'POST', url: '/user/admin/oidc/bind', headers: auth(token), payload: { provider } });
  expect(json(res)).toMatchObject({ code: 0 });
  const returned = await signInAtProvider((json(res).data as { url: string }).url, who);
  return callback(returned, cookieHeader(res));
}

/** Signs in with the provider from the login page, up to the one-time code (or the reason there is none). */
async function startSignIn(who: TestAccount | 'cancel', redirect = '') {
  const res = await t.app.inject({ method: 'POST', url: '/user/admin/oidc/login', payload: { provider: 'corp', redirect } });
  expect(json(res)).toMatchObject({ code: 0 });
  const cookie = cookieHeader(res);
  const returned = await signInAtProvider((json(res).data as { url: string }).url, who);
  return { cookie, returned, landed: await callback(returned, cookie) };
}

const exchange = (code: string, cookie: string, lang = 'en-US') =>
  t.app.inject({ method: 'POST', url: '/user/admin/oidc/exchange', headers: { cookie, 'accept-language': lang }, payload: { code } });
const bindings = async (token: string) =>
  json(await t.app.inject({ url: '/user/admin/oidc/bindings', headers: auth(token) })).data as {
    provider: string;
    identity: { subject: string; email: string } | null;
  }[];

let serial = 0;
/** A user of a tenant of its own (sign-in must find the tenant), with a session. */
async function newUser() {
  const tenant = await createTenant(t.db, { code: `oidc-${++serial}` });
  const username = `oidc.user.${serial}`;
  const id = await createUser(t.db, { username, tenantId: tenant.tenantId, menuPaths: [] });
  return { id, username, tenantId: tenant.tenantId, token: await tokenFor(t.db, tenant.tenantId, id) };
}

describe('OpenID Connect providers', () => {
  it('lists the configured providers, ids and names only, to anyone', async () => {
    const res = await t.app.inject({ url: '/user/admin/oidc/providers' });
    expect(json(res)).toEqual({
      code: 0,
      message: expect.any(String),
      data: [
        { id: 'corp', name: 'Corp SSO' },
        { id: 'down', name: 'Down SSO' },
      ],
    });
  });

  it('refuses a provider that is not configured, and says when one cannot be reached', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/user/admin/oidc/login', payload: { provider: 'nope' } });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).message).toBe(renderMessage(UNKNOWN_PROVIDER, { provider: 'nope' }, 'en-US'));
    const down = await t.app.inject({ method: 'POST', url: '/user/admin/oidc/login', payload: { provider: 'down' }, headers: { 'accept-language': 'zh-CN' } });
    expect(down.statusCode).toBe(503);
    // The reason in Chinese too, not the library's English.
    expect(json(down).message).toMatch(/^无法连接第三方登录平台 Down SSO（[^A-Za-z]+）：请稍后重试/);
  });
});

describe('binding an OpenID Connect account', () => {
  it("stores the provider's account for the user who asked, shows it, and audits it", async () => {
    const u = await newUser();
    expect(await bindings(u.token)).toEqual([
      { provider: 'corp', providerName: 'Corp SSO', configured: true, identity: null },
      { provider: 'down', providerName: 'Down SSO', configured: true, identity: null },
    ]);

    const landed = await bind(u.token, account('alice-sub'));
    expect(landed.pathname + landed.search).toBe('/user/web/home/account?view=settings&tab=binding&oidc=bound&provider=corp');
    expect((await bindings(u.token))[0]).toEqual({
      provider: 'corp',
      providerName: 'Corp SSO',
      configured: true,
      identity: { subject: 'alice-sub', email: 'alice@sso.test', name: 'Alice Liddell', createdAt: expect.any(String) },
    });
    const [stored] = await t.db.select().from(userOidcIdentities).where(eq(userOidcIdentities.subject, 'alice-sub'));
    expect(stored).toMatchObject({ tenantId: u.tenantId, userId: u.id, provider: 'corp' });
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, u.id), eq(auditLogs.action, '/user/admin/oidc/bind')));
    expect(audit).toEqual([expect.objectContaining({ tenantId: u.tenantId, username: u.username, target: 'corp', fields: ['provider'] })]);

    // One account per provider: a second binding needs the first one gone.
    const again = await t.app.inject({ method: 'POST', url: '/user/admin/oidc/bind', headers: auth(u.token), payload: { provider: 'corp' } });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(renderMessage(ALREADY_BOUND, { provider: 'Corp SSO' }, 'en-US'));
  });

  it('refuses an account already bound to another user, in any tenant', async () => {
    const first = await newUser();
    const second = await newUser();
    expect((await bind(first.token, account('bob-sub'))).searchParams.get('oidc')).toBe('bound');
    const landed = await bind(second.token, account('bob-sub'));
    expect(Object.fromEntries(landed.searchParams)).toMatchObject({ oidc: 'taken', provider: 'corp' });
    expect((await bindings(second.token))[0]!.identity).toBeNull();
    const holders = await t.db.select().from(userOidcIdentities).where(eq(userOidcIdentities.subject, 'bob-sub'));
    expect(holders.map((h) => h.userId)).toEqual([first.id]);
  });

  it('reports a cancel at the provider, and binds nothing', async () => {
    const u = await newUser();
    const landed = await bind(u.token, 'cancel');
    expect(Object.fromEntries(landed.searchParams)).toMatchObject({ oidc: 'denied', provider: 'corp' });
    expect((await bindings(u.token))[0]!.identity).toBeNull();
  });

  it('unbinds, audited; the account no longer signs in and may be bound again', async () => {
    const u = await newUser();
    await bind(u.token, account('carol-sub'));
    const res = await t.app.inject({ method: 'POST', url: '/user/admin/oidc/unbind', headers: auth(u.token), payload: { provider: 'corp' } });
    expect(json(res)).toMatchObject({ code: 0, data: null });
    expect((await bindings(u.token))[0]!.identity).toBeNull();
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, u.id), eq(auditLogs.action, '/user/admin/oidc/unbind')));
    expect(audit).toEqual([expect.objectContaining({ target: 'corp', fields: ['provider'] })]);

    const twice = await t.app.inject({ method: 'POST', url: '/user/admin/oidc/unbind', headers: auth(u.token), payload: { provider: 'corp' } });
    expect(twice.statusCode).toBe(404);
    expect(json(twice).message).toBe(renderMessage(NOT_BOUND, { provider: 'Corp SSO' }, 'en-US'));

    const { landed, cookie } = await startSignIn(account('carol-sub'));
    const refused = await exchange(landed.searchParams.get('oidc')!, cookie);
    expect(json(refused).message).toBe(renderMessage(UNBOUND, { provider: 'Corp SSO' }, 'en-US'));
    expect((await bind(u.token, account('carol-sub'))).searchParams.get('oidc')).toBe('bound');
  });
});

describe('signing in with an OpenID Connect account', () => {
  it('gives the bound user a session in their own tenant, logged as an oidc sign-in, and keeps where to go', async () => {
    const u = await newUser();
    await bind(u.token, account('dave-sub'));
    const { landed, cookie } = await startSignIn(account('dave-sub'), '/org/user?page=2');
    expect(landed.pathname).toBe('/user/web/user/login');
    expect(landed.searchParams.get('redirect')).toBe('/org/user?page=2');
    const code = landed.searchParams.get('oidc')!;
    // The long-lived token never travels in an address: only this one-time code does.
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await exchange(code, cookie);
    expect(json(res)).toMatchObject({ code: 0, data: { id: u.id, username: u.username, token: expect.any(String) } });
    const info = await t.app.inject({ url: '/user/admin/member/info', headers: auth((json(res).data as { token: string }).token) });
    expect(json(info).data).toMatchObject({ id: u.id, username: u.username, tenantId: u.tenantId });
    const [logged] = await t.db.select().from(loginLogs).where(eq(loginLogs.userId, u.id)).orderBy(desc(loginLogs.id)).limit(1);
    expect(logged).toMatchObject({ method: 'oidc', result: 1, reason: 'ok', tenantId: u.tenantId });

    // The code is good once, and in the browser it was made for only.
    expect(json(await exchange(code, cookie)).message).toBe(renderMessage(HANDOFF_SPENT, undefined, 'en-US'));
  });

  it('refuses an account bound to nobody with how to bind it, in the reader language, and logs the attempt', async () => {
    const { landed, cookie } = await startSignIn(account('erin-sub'));
    const res = await exchange(landed.searchParams.get('oidc')!, cookie, 'zh-CN');
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('该 Corp SSO 账号尚未绑定本系统的任何用户：请先用用户名和密码登录，再到“个人设置 - 第三方绑定”中绑定');
    const [logged] = await t.db.select().from(loginLogs).where(eq(loginLogs.username, 'corp:erin@sso.test'));
    expect(logged).toMatchObject({ method: 'oidc', result: 2, reason: 'unbound', userId: null });
  });

  it('refuses a disabled user and a disabled tenant as a password sign-in does', async () => {
    const u = await newUser();
    expect((await bind(u.token, account('frank-sub'))).searchParams.get('oidc')).toBe('bound');

    await t.db.update(users).set({ status: 2 }).where(eq(users.id, u.id));
    let { landed, cookie } = await startSignIn(account('frank-sub'));
    const disabled = await exchange(landed.searchParams.get('oidc')!, cookie);
    expect({ status: disabled.statusCode, message: json(disabled).message }).toEqual({
      status: 403,
      message: 'This account is disabled: ask an administrator to enable it',
    });

    await t.db.update(users).set({ status: 1 }).where(eq(users.id, u.id));
    await t.db.update(tenants).set({ status: 2 }).where(eq(tenants.id, u.tenantId));
    ({ landed, cookie } = await startSignIn(account('frank-sub')));
    const noLicence = await exchange(landed.searchParams.get('oidc')!, cookie);
    expect(json(noLicence)).toMatchObject({ code: 60 });
    const reasons = await t.db.select({ reason: loginLogs.reason }).from(loginLogs).where(eq(loginLogs.userId, u.id)).orderBy(loginLogs.id);
    expect(reasons.map((r) => r.reason).slice(-2)).toEqual(['user_disabled', 'tenant_disabled']);
  });

  it('answers each state once, and only in the browser that started the flow', async () => {
    const { returned, cookie, landed } = await startSignIn(account('alice-sub'));
    expect(landed.searchParams.get('oidc')).toBeTruthy();
    // The same answer again (a replayed callback): the state is spent.
    const replayed = await callback(returned, cookie);
    expect(replayed.pathname + replayed.search).toBe('/user/web/user/login?oidcError=expired');

    // A callback carried to another browser (no cookie, or another one) counts for nothing, and spends the state.
    const res = await t.app.inject({ method: 'POST', url: '/user/admin/oidc/login', payload: { provider: 'corp' } });
    const stolen = await signInAtProvider((json(res).data as { url: string }).url, account('alice-sub'));
    const elsewhere = await callback(stolen, `uc_oidc=${'A'.repeat(43)}`);
    expect(elsewhere.searchParams.get('oidcError')).toBe('expired');
    expect((await callback(stolen, cookieHeader(res))).searchParams.get('oidcError')).toBe('expired');

    // And a made-up state.
    const made = await callback(`${PUBLIC_URL}/user/admin/oidc/callback?code=x&state=made-up`, cookie);
    expect(made.searchParams.get('oidcError')).toBe('expired');
  });

  it('sends a cancel at the provider back to the login page with the reason', async () => {
    const { landed } = await startSignIn('cancel');
    expect(landed.pathname + landed.search).toBe('/user/web/user/login?oidcError=denied');
  });
});
