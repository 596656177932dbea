import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { captchas, loginLogs, rateLimits } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import { auth, createTenant, createUser, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LOGIN_FAILED } from './auth.service';
import { CAPTCHA_REQUIRED } from './login-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_CAPTCHA_AFTER: '3', LOGIN_DELAY_AFTER: '4', LOGIN_IP_DELAY_AFTER: '6', LOGIN_MAX_DELAY_SECONDS: '2' } });
  for (const name of ['victim', 'slow.victim', 'logged', ...[0, 1, 2, 3, 4, 5, 6].map((i) => `timing-${i}`)])
    await createUser(t.db, { username: name, password: 'right-password-1' });
});
afterAll(() => t.close());

let ipSeq = 0;
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const login = (payload: object, ip = '10.9.9.9') =>
  t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload, remoteAddress: ip, headers: { 'user-agent': 'throttle-test' } });

/** Lets `seconds` pass for one rate-limit counter, as the database clock sees it. */
async function elapse(key: string, seconds: number): Promise<void> {
  const shift = sql`make_interval(secs => ${seconds})`;
  await t.db
    .update(rateLimits)
    .set({ windowStart: sql`${rateLimits.windowStart} - ${shift}`, blockedUntil: sql`${rateLimits.blockedUntil} - ${shift}` })
    .where(eq(rateLimits.key, key));
}

/** Seconds a test holds a one-second lock on for (elapse backwards), so the attempts after it meet it on a slow machine. */
const HOLD_IP_LOCK = 100;

/** The database's clock (the throttle's: every server shares it), in seconds. */
async function dbSeconds(): Promise<number> {
  const [row] = await rowsOf<{ s: number }>(t.db, sql`select extract(epoch from clock_timestamp())::float8 as s`);
  return Number(row!.s);
}

async function captcha(code: string): Promise<string> {
  const cid = (await t.app.inject({ url: '/user/admin/site/captcha' })).json().data.cid as string;
  await t.db
    .update(captchas)
    .set({ codeHash: createHash('sha256').update(code).digest('hex') })
    .where(eq(captchas.id, cid));
  return cid;
}

describe('failed sign-ins', () => {
  it('answer the same for an unknown user and a wrong password, with about the same work', async () => {
    // The work is this process's CPU time (argon2 hashes on its threads), not the wall clock, which a
    // busy machine stretches at random. Compute time is what a timing attack reads on an idle server.
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const time = async (username: string) => {
      const start = cpuMs();
      const res = await login({ username, password: 'wrong-password' }, freshIp());
      return { ms: cpuMs() - start, body: res.json(), status: res.statusCode };
    };
    const known = [];
    const unknown = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(`timing-${i}`));
      unknown.push(await time(`nobody-${i}`));
    }
    for (const r of [...known, ...unknown])
      expect({ status: r.status, body: r.body }).toEqual({ status: 400, body: { code: -1, message: LOGIN_FAILED, data: null } });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[3]!;
    // Both verify an argon2 hash; an unknown name must not be answered visibly faster.
    expect(median(unknown.map((r) => r.ms))).toBeGreaterThan(median(known.map((r) => r.ms)) * 0.6);
  });

  it('require a captcha on the account after LOGIN_CAPTCHA_AFTER failures, from any address', async () => {
    for (let i = 0; i < 3; i++) await login({ username: 'victim', password: 'wrong' }, freshIp());
    const without = await login({ username: 'victim', password: 'right-password-1' }, freshIp());
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(CAPTCHA_REQUIRED);
    const wrongCode = await login({ username: 'victim', password: 'right-password-1', cid: await captcha('abcd'), code: 'zzzz' }, freshIp());
    expect(wrongCode.json().message).toBe('Verification Code Error.');
    const ok = await login({ username: 'victim', password: 'right-password-1', cid: await captcha('abcd'), code: 'ABCD' }, freshIp());
    expect(ok.json().code).toBe(0);
    // Success forgets the failures: no captcha next time.
    expect((await login({ username: 'victim', password: 'right-password-1' }, freshIp())).json().code).toBe(0);
  });

  it('lock the account for growing delays, answering 429 with Retry-After', async () => {
    const key = `login:account:slow.victim`;
    const fail = async () => login({ username: 'slow.victim', password: 'wrong', cid: await captcha('abcd'), code: 'abcd' }, freshIp());
    /*
     * Retry-After is the lock's time left on the database's clock, which runs on while this machine is
     * slow: between the attempt that locks and the one refused, up to `spent` seconds pass (measured
     * on that clock), so the answer is at most the lock's length and at least that length less `spent`
     * (exactly the length on an idle machine). And the lock is held on for `HOLD` more seconds once
     * taken, so the refused attempt still meets it however long the locking one took.
     */
    const HOLD = 100;
    const lockedFor = async (lengthSeconds: number, locking: () => Promise<{ statusCode: number }>) => {
      const from = await dbSeconds();
      expect((await locking()).statusCode).toBe(400);
      await elapse(key, -HOLD);
      const refused = await fail();
      const spent = (await dbSeconds()) - from;
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeLessThanOrEqual(lengthSeconds + HOLD);
      expect(seconds).toBeGreaterThanOrEqual(Math.ceil(lengthSeconds + HOLD - spent));
      expect(refused.json()).toEqual({
        code: -1,
        message: `Too many failed sign-ins: wait ${seconds} seconds, then try again (or reset your password by SMS)`,
        data: null,
      });
    };
    for (let i = 0; i < 4; i++) expect((await fail()).statusCode).toBe(400);
    // The fifth failure (LOGIN_DELAY_AFTER 4) locks for a second.
    await lockedFor(1, fail);
    // Even the right password waits: a lock is checked before any password.
    expect((await login({ username: 'slow.victim', password: 'right-password-1' }, freshIp())).statusCode).toBe(429);
    // The lock passes: the database is the clock (every server shares it), so move the account's lock
    // and window back past it rather than sleeping. The next failure locks for twice as long.
    await elapse(key, HOLD + 1.1);
    await lockedFor(2, fail);
  });

  it('lock an IP address that tries many accounts, and only that address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 7; i++) expect((await login({ username: `spray-${i}`, password: 'wrong' }, ip)).statusCode).toBe(400);
    // The seventh failure locked the address for a second: held on, so a slow machine still meets it.
    await elapse(`login:ip:${ip}`, -HOLD_IP_LOCK);
    const locked = await login({ username: 'spray-x', password: 'wrong' }, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await login({ username: 'spray-x', password: 'wrong' }, freshIp())).statusCode).toBe(400);
  });

  it('lock an IP address that fails open access sign-ins, on the counter password sign-ins share', async () => {
    const ip = freshIp();
    const openLogin = () =>
      t.app.inject({
        method: 'POST',
        url: '/user/admin/site/access/open/login',
        remoteAddress: ip,
        payload: { key: `ak_${'0'.repeat(32)}`, timestamp: Math.floor(Date.now() / 1000), nonce: randomBytes(8).toString('hex'), signature: 'f'.repeat(64) },
      });
    for (let i = 0; i < 7; i++) expect((await openLogin()).statusCode).toBe(400);
    await elapse(`login:ip:${ip}`, -HOLD_IP_LOCK);
    const locked = await openLogin();
    expect(locked.statusCode).toBe(429);
    // A second's lock, held on by the test: what is left of it (the growing delays are checked above).
    expect(locked.json().message).toMatch(/^Too many failed sign-ins: wait (\d+) seconds, then try again with a correctly signed request$/);
    expect(Number(/wait (\d+)/.exec(locked.json().message as string)![1])).toBeLessThanOrEqual(1 + HOLD_IP_LOCK);
    // The same address cannot switch to passwords to go on guessing.
    expect((await login({ username: 'spray-open', password: 'wrong' }, ip)).statusCode).toBe(429);
    const throttled = await t.db.select().from(loginLogs).where(eq(loginLogs.ip, ip));
    expect(throttled.filter((r) => r.method === 'open' && r.reason === 'throttled')).toHaveLength(1);
  });
});

describe('login log', () => {
  it('records every attempt with its reason, never a password', async () => {
    await login({ username: 'logged', password: 'right-password-1' }, '10.77.0.1');
    await login({ username: 'logged', password: 'secret-typo-77' }, '10.77.0.1');
    const rows = await t.db.select().from(loginLogs).where(eq(loginLogs.ip, '10.77.0.1')).orderBy(loginLogs.id);
    expect(rows.map((r) => [r.username, r.method, r.result, r.reason, r.userAgent])).toEqual([
      ['logged', 'account', 1, 'ok', 'throttle-test'],
      ['logged', 'account', 2, 'bad_credentials', 'throttle-test'],
    ]);
    expect(rows[0]?.tenantId).toBe(1);
    const everything = JSON.stringify(await t.db.select().from(loginLogs));
    expect(everything).not.toContain('right-password-1');
    expect(everything).not.toContain('secret-typo-77');
  });

  it('is listed to administrators: their tenant only, every tenant for the platform', async () => {
    const other = await createTenant(t.db, { code: 'log-b' });
    const otherAdmin = await createUser(t.db, { username: 'log.admin', tenantId: other.tenantId, password: 'right-password-1', menuPaths: [] });
    await t.db.execute(sql`insert into role_menus (tenant_id, role_id, menu_id)
      select ${other.tenantId}, ur.role_id, m.id from user_roles ur, menus m where ur.user_id = ${otherAdmin} and m.permissions = '/user/admin/log/login/list'`);
    await login({ username: 'log.admin', password: 'right-password-1' }, '10.78.0.1');
    const token = await tokenFor(t.db, other.tenantId, otherAdmin);
    const mine = await t.app.inject({ url: '/user/admin/log/login/list', query: { pageSize: '100' }, headers: auth(token) });
    expect(mine.json().data.list.map((r: { username: string }) => r.username)).toEqual(['log.admin']);
    const platform = await t.app.inject({
      url: '/user/admin/log/login/list',
      query: { filter: JSON.stringify([['username', 'like_right', 'nobody-']]) },
      headers: auth(await t.login()),
    });
    expect(platform.json().data.total).toBe(7);
    const forbidden = await t.app.inject({ url: '/user/admin/log/audit/list', headers: auth(token) });
    expect(forbidden.statusCode).toBe(403);
  });
});
