import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BindStatus, type PlatformBindView } from '@uc/contracts';
import { captchas, platformBinds, sessions, users } from '../../db/schema';
import { PLATFORM_ONLY } from '../../http/route-registrar';
import { auth, createTenant, createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadServerKey, SecretBox } from '../open-access/secret-box';
import { PlatformClient, PlatformError } from './platform-client';

/*
 * Binding one running instance of this server to a second one, over real HTTP: the second listens on
 * a loopback port with its own database, as another platform would. A plain HTTP server beside them
 * answers what no platform should (a redirect, a web page, a huge or no answer).
 */

const FAR_PASSWORD = 'far-password-1';
let local: TestApp;
let remote: TestApp;
let guarded: TestApp;
let remoteUrl: string;
let side: Server;
let sideUrl: string;
let closedUrl: string;
let clerk: string;
let admin: string;
let outsider: string;
let stranger: string;
let clerkId: number;

const listen = (server: Server) =>
  new Promise<string>((ok) => server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

beforeAll(async () => {
  remote = await createTestApp({
    beforeBuild: async (db) => {
      await createUser(db, { username: 'far.user', password: FAR_PASSWORD, realName: '远方用户' });
      // Refused sign-ins are tried with this one, so far.user never needs a captcha.
      await createUser(db, { username: 'far.wrong', password: FAR_PASSWORD, realName: '输错的人' });
    },
  });
  await remote.app.listen({ port: 0, host: '127.0.0.1' });
  remoteUrl = `http://127.0.0.1:${(remote.app.server.address() as AddressInfo).port}`;

  local = await createTestApp({
    beforeBuild: async (db) => {
      clerkId = await createUser(db, { username: 'bind.clerk', realName: '绑定专员', menuPaths: ['/pt/bind'] });
      await createUser(db, { username: 'bind.stranger', menuPaths: ['/org/user'] });
      const other = await createTenant(db, { code: 'bind-other' });
      await createUser(db, { username: 'bind.outsider', tenantId: other.tenantId, menuPaths: ['/pt/bind'] });
    },
  });
  clerk = await local.login('bind.clerk', 'user-password-1');
  admin = await local.login();
  outsider = await local.login('bind.outsider', 'user-password-1');
  stranger = await local.login('bind.stranger', 'user-password-1');
  // A server that may bind to the remote only, by host and port.
  guarded = await createTestApp({ env: { PLATFORM_BIND_ALLOWED_HOSTS: `localhost, ${new URL(remoteUrl).host}` } });

  side = createServer((req, res) => {
    if (req.url?.startsWith('/moved')) return void res.writeHead(302, { location: `${remoteUrl}/user/admin/site/accountLogin` }).end();
    if (req.url?.startsWith('/page')) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Router login</title>');
    if (req.url?.startsWith('/huge'))
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(`{"code":0,"message":"${'x'.repeat(300 * 1024)}"}`);
    if (req.url?.startsWith('/silent')) return; // accepts, never answers
    res.writeHead(404).end();
  });
  sideUrl = await listen(side);
  const closed = createServer();
  closedUrl = await listen(closed);
  await new Promise((ok) => closed.close(ok));
});
afterAll(async () => {
  if (side) {
    side.closeAllConnections();
    await new Promise((ok) => side.close(ok));
  }
  await guarded?.close();
  await local?.close();
  await remote?.close();
});

const call = (app: TestApp, method: 'GET' | 'POST', path: string, token: string, payload?: object, lang?: string) =>
  app.app.inject({
    method,
    url: `/user/admin/platform/bind/${path}`,
    headers: { ...auth(token), ...(lang ? { 'accept-language': lang } : {}) },
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
const bind = (payload: object, token = clerk, lang?: string, app = local) =>
  call(app, 'POST', 'bind', token, { platformUrl: remoteUrl, clientId: 'uc-east', username: 'far.user', password: FAR_PASSWORD, ...payload }, lang);
const view = async (token = clerk, lang?: string) => (await call(local, 'GET', 'view', token, undefined, lang)).json().data as PlatformBindView;
const check = (token = clerk, lang?: string) => call(local, 'POST', 'check', token, {}, lang);

/** Live (not revoked, not expired) sessions of a remote user. */
const remoteSessions = async (username: string) => {
  const rows = await remote.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .where(and(eq(users.username, username), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`));
  return rows.length;
};
const storedRow = async (userId = clerkId) => (await local.db.select().from(platformBinds).where(eq(platformBinds.userId, userId)))[0];

describe('platform binding to a second running server', () => {
  it('starts unbound, with the local account beside it', async () => {
    expect(await view()).toEqual({ local: { userId: clerkId, username: 'bind.clerk', realName: '绑定专员' }, binding: null });
  });

  it('binds over HTTP: signs in there, fills the platform names, and keeps the console path out of the address', async () => {
    const res = await bind({ platformUrl: `${remoteUrl}/user/web/dashboard?x=1` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as PlatformBindView;
    expect(data.local.realName).toBe('绑定专员');
    expect(data.binding).toMatchObject({
      platformUrl: remoteUrl,
      clientId: 'uc-east',
      username: 'far.user',
      platformUsername: 'far.user',
      platformRealName: '远方用户',
      status: BindStatus.bound,
      lastError: '',
    });
    expect(data.binding!.platformUserId).toEqual(expect.any(Number));
    expect(Date.now() - Date.parse(data.binding!.lastCheckedAt!)).toBeLessThan(60_000);
    expect(await view()).toEqual(data);
    expect(await remoteSessions('far.user')).toBe(1);
  });

  it('stores no password and the session token only sealed with the server key, for this user only', async () => {
    const row = (await storedRow())!;
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(FAR_PASSWORD);
    expect(row.tokenEnc).toMatch(/^v1:/);
    const box = new SecretBox(loadServerKey(local.config.openAccessKey, local.config.dataDir, () => undefined));
    const token = box.open(row.tokenEnc, `platform-bind:${row.tenantId}:${row.userId}`)!;
    // It is the platform's real session, and it appears nowhere in the row in plain text.
    expect((await remote.app.inject({ url: '/user/admin/member/info', headers: auth(token) })).json().data.username).toBe('far.user');
    expect(stored).not.toContain(token);
    // Sealed for this tenant and user: on another user's row it does not open.
    expect(box.open(row.tokenEnc, `platform-bind:${row.tenantId}:${row.userId + 1}`)).toBeUndefined();
  });

  it("refuses a wrong password with the platform's reason, in the reader's language, and changes nothing", async () => {
    const en = await bind({ username: 'far.wrong', password: 'not-the-password' }, admin);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({ code: -1, data: null });
    expect(en.json().message).toMatch(/^The platform refused the sign-in: .+/);
    const zh = await bind({ username: 'far.wrong', password: 'not-the-password' }, admin, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toMatch(/^平台拒绝了登录：\p{Script=Han}/u);
    expect((await view(admin)).binding).toBeNull();
    // A failed attempt to bind again leaves the working binding as it was.
    const before = await view();
    expect((await bind({ password: 'not-the-password', username: 'far.wrong' })).statusCode).toBe(400);
    expect(await view()).toEqual(before);
  });

  it("says so when the platform asks for a captcha, relays the platform's image, and binds with its code", async () => {
    // far.wrong failed three times above: the platform now asks for a captcha (LOGIN_CAPTCHA_AFTER=3).
    const asked = await bind({ username: 'far.wrong' }, admin);
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({
      code: -1,
      message: 'The platform asks for a captcha for this sign-in: enter the code shown in the image and bind again',
      data: { captchaRequired: true },
    });
    const image = await call(local, 'GET', `captcha?platformUrl=${encodeURIComponent(remoteUrl)}`, admin);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.json().data).toEqual({ cid: expect.any(String), base64: expect.stringMatching(/^data:image\//) });
    // The image is for a person to read; the test stores a captcha whose answer it knows, as the platform does.
    const cid = randomUUID();
    await remote.db.insert(captchas).values({ id: cid, codeHash: createHash('sha256').update('k7m2').digest('hex'), expiresAt: new Date(Date.now() + 60_000) });
    const bound = await bind({ username: 'far.wrong', cid, code: 'K7M2' }, admin);
    expect(bound.statusCode).toBe(200);
    expect(bound.json().data.binding).toMatchObject({ status: BindStatus.bound, platformUsername: 'far.wrong', platformRealName: '输错的人' });
    // Each user has their own binding.
    expect((await view()).binding?.platformUsername).toBe('far.user');
  });

  it('gives a clear refusal for a platform that is down, an address that is not http(s), and a malformed one', async () => {
    const down = await bind({ platformUrl: closedUrl });
    expect(down.statusCode).toBe(400);
    expect(down.json().message).toBe(
      `The platform at ${closedUrl} cannot be reached (the connection was refused): check the platform URL and that the platform is running`,
    );
    // The reason in the reader's language, as the rest of the sentence (not Node's ECONNREFUSED).
    expect((await bind({ platformUrl: closedUrl }, clerk, 'zh-CN')).json().message).toMatch(/（连接被拒绝）/);
    const ftp = await bind({ platformUrl: 'ftp://files.example.com/' });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().message).toBe('The platform URL must start with http:// or https:// (such as https://platform.example.com)');
    const js = await bind({ platformUrl: 'javascript:alert(1)' }, clerk, 'zh-CN');
    expect(js.json().message).toBe('平台地址必须以 http:// 或 https:// 开头（例如 https://platform.example.com）');
    expect((await bind({ platformUrl: 'platform example' })).json().message).toBe(
      'The platform URL platform example is not a valid address: enter it as https://platform.example.com',
    );
    expect((await bind({ platformUrl: `http://far.user:secret@${new URL(remoteUrl).host}` })).json().message).toMatch(
      /^The platform URL must not contain a user name or password/,
    );
    expect((await bind({ platformUrl: '' })).json().message).toBe('Platform URL cannot be empty');
    expect((await bind({ password: '' })).json().message).toBe('Platform password cannot be empty');
    // Nothing of it touched the working binding.
    expect((await view()).binding).toMatchObject({ status: BindStatus.bound, platformUrl: remoteUrl });
  });

  it('follows no redirect, and refuses an answer that is not a platform envelope or is too large', async () => {
    const before = await remoteSessions('far.user');
    const moved = await bind({ platformUrl: `${sideUrl}/moved` });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(
      `The platform at ${sideUrl}/moved answered with a redirect to ${remoteUrl}/user/admin/site/accountLogin: redirects are not followed, enter the address the platform really answers on`,
    );
    // The redirect's target never saw the password.
    expect(await remoteSessions('far.user')).toBe(before);
    const page = await bind({ platformUrl: `${sideUrl}/page` });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toBe(`The address ${sideUrl}/page did not answer like a User Centre platform (HTTP 200): check the platform URL`);
    const missing = await bind({ platformUrl: `${sideUrl}/nothing` });
    expect(missing.json().message).toBe(`The address ${sideUrl}/nothing did not answer like a User Centre platform (HTTP 404): check the platform URL`);
    const huge = await bind({ platformUrl: `${sideUrl}/huge` });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(`The platform at ${sideUrl}/huge sent an answer larger than 256 KiB: check the platform URL`);
  });

  it('gives up on a platform that does not answer in time', async () => {
    const client = new PlatformClient({ timeoutMs: 300 });
    const started = Date.now();
    const error = await client.login(`${sideUrl}/silent`, { username: 'far.user', password: FAR_PASSWORD }, 'en-US').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ failure: 'unreachable', statusCode: 400, message: expect.stringMatching(/did not answer within \{seconds\} seconds/) });
    expect((error as PlatformError).params).toEqual({ url: `${sideUrl}/silent`, seconds: 0.3 });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses hosts outside PLATFORM_BIND_ALLOWED_HOSTS, port included, and binds to an allowed one', async () => {
    const token = await guarded.login();
    const other = await bind({ platformUrl: sideUrl }, token, undefined, guarded);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(
      `The platform host ${new URL(sideUrl).host} is not allowed on this server: ask the administrator to add it to PLATFORM_BIND_ALLOWED_HOSTS, or bind to an allowed platform`,
    );
    const captcha = await call(guarded, 'GET', `captcha?platformUrl=${encodeURIComponent(sideUrl)}`, token);
    expect(captcha.statusCode).toBe(400);
    const allowed = await bind({}, token, undefined, guarded);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().data.binding).toMatchObject({ status: BindStatus.bound, platformUsername: 'far.user' });
  });

  it('checks now: bound while the session works, expired once the platform ended it', async () => {
    const first = await check();
    expect(first.statusCode).toBe(200);
    expect(first.json().data.binding).toMatchObject({ status: BindStatus.bound, lastError: '', platformRealName: '远方用户' });
    // The platform's administrator ends far.user's sessions there.
    const [far] = await remote.db.select({ id: users.id }).from(users).where(eq(users.username, 'far.user'));
    const ended = await remote.app.inject({
      method: 'POST',
      url: '/user/admin/member/forceLogout',
      headers: auth(await remote.login()),
      payload: { id: far!.id },
    });
    expect(ended.json().code).toBe(0);
    const after = await check();
    expect(after.statusCode).toBe(200);
    expect(after.json().data.binding).toMatchObject({
      status: BindStatus.expired,
      lastError: 'The platform no longer accepts the stored session (it expired or was ended there): bind again with your password',
      platformUsername: 'far.user',
    });
    // Recorded: the view says the same, in the reader's language.
    expect((await view(clerk, 'zh-CN')).binding).toMatchObject({
      status: BindStatus.expired,
      lastError: '平台已不再接受保存的会话（已过期或在平台上被结束）：请输入密码重新绑定',
    });
  });

  it('marks the binding failed, with the reason, when the platform cannot be reached at the check', async () => {
    expect((await bind({})).json().data.binding.status).toBe(BindStatus.bound);
    // The platform moved away since binding (its old address no longer answers).
    await local.db.update(platformBinds).set({ platformUrl: closedUrl }).where(eq(platformBinds.userId, clerkId));
    const res = await check();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.binding).toMatchObject({
      status: BindStatus.failed,
      lastError: `The platform at ${closedUrl} cannot be reached (the connection was refused): check the platform URL and that the platform is running`,
    });
    await local.db.update(platformBinds).set({ platformUrl: remoteUrl }).where(eq(platformBinds.userId, clerkId));
    expect((await check()).json().data.binding).toMatchObject({ status: BindStatus.bound, lastError: '' });
  });

  it('unbinds: the stored session is gone here and signed out there', async () => {
    expect(await remoteSessions('far.user')).toBe(1);
    const res = await call(local, 'POST', 'unbind', clerk);
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: null });
    expect(await storedRow()).toBeUndefined();
    expect((await view()).binding).toBeNull();
    // The platform hears of it without the unbind waiting for it.
    for (let i = 0; i < 50 && (await remoteSessions('far.user')) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await remoteSessions('far.user')).toBe(0);
    const again = await call(local, 'POST', 'unbind', clerk);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('You have not bound a platform account yet: bind one first');
    expect((await check()).statusCode).toBe(404);
  });

  it('is for platform users holding the page: a tenant user gets 403 on every call, as does one without the grant', async () => {
    const calls: ['GET' | 'POST', string][] = [
      ['GET', 'view'],
      ['POST', 'bind'],
      ['POST', 'check'],
      ['POST', 'unbind'],
      ['GET', `captcha?platformUrl=${encodeURIComponent(remoteUrl)}`],
    ];
    for (const [method, path] of calls) {
      const payload = path === 'bind' ? { platformUrl: remoteUrl, username: 'far.user', password: FAR_PASSWORD } : undefined;
      const tenantUser = await call(local, method, path, outsider, payload);
      expect({ path, status: tenantUser.statusCode, message: tenantUser.json().message }).toEqual({ path, status: 403, message: PLATFORM_ONLY });
      expect({ path, status: (await call(local, method, path, stranger, payload)).statusCode }).toEqual({ path, status: 403 });
    }
    // Nothing was bound by either.
    expect(await local.db.select({ userId: platformBinds.userId }).from(platformBinds).where(eq(platformBinds.userId, clerkId))).toEqual([]);
  });
});
