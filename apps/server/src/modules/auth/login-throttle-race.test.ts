import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { captchas, loginLogs, rateLimits } from '../../db/schema';
import { rowsOf } from '../../db/typed';
import { createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LOGIN_FAILED } from './auth.service';
import { CAPTCHA_REQUIRED } from './login-throttle';

/*
 * Simultaneous sign-ins (issue 10, defect 1): the counters must hold for a burst of requests that all
 * arrive before the first password check ends. Counts only, never timings: on PGlite and PostgreSQL.
 */

const CAPTCHA_AFTER = 3;
const DELAY_AFTER = 5;
const IP_DELAY_AFTER = 12;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      LOGIN_CAPTCHA_AFTER: String(CAPTCHA_AFTER),
      LOGIN_DELAY_AFTER: String(DELAY_AFTER),
      LOGIN_IP_DELAY_AFTER: String(IP_DELAY_AFTER),
      LOGIN_MAX_DELAY_SECONDS: '900',
    },
  });
  for (const name of ['burst.victim', 'lock.victim']) await createUser(t.db, { username: name, password: 'right-password-1' });
});
afterAll(() => t.close());

const login = (payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload, remoteAddress: ip, headers: { 'user-agent': 'race-test' } });

/** A live captcha whose code is `abcd`, straight in the table (the image route is rate-limited). */
async function solvedCaptcha(): Promise<{ cid: string; code: string }> {
  const cid = randomUUID();
  await t.db.insert(captchas).values({ id: cid, codeHash: createHash('sha256').update('abcd').digest('hex'), expiresAt: new Date(Date.now() + 60_000) });
  return { cid, code: 'abcd' };
}

/** Resolves once `n` of `promises` have settled. */
const settledCount = (promises: Promise<unknown>[], n: number) =>
  new Promise<void>((resolve) => {
    let settled = 0;
    for (const p of promises) void p.finally(() => ++settled === n && resolve());
  });

/** The database's clock (the throttle's: every server shares it), in seconds. */
async function dbSeconds(): Promise<number> {
  const [row] = await rowsOf<{ s: number }>(t.db, sql`select extract(epoch from clock_timestamp())::float8 as s`);
  return Number(row!.s);
}

const passwordChecks = async (username: string) =>
  (await t.db.select().from(loginLogs).where(eq(loginLogs.username, username))).filter((r) => r.reason === 'bad_credentials' || r.reason === 'ok').length;

describe('a burst of simultaneous sign-ins', () => {
  it('checks no more than LOGIN_CAPTCHA_AFTER passwords of a fresh account, and the right one last needs the captcha', async () => {
    const wrong = Array.from({ length: 9 }, (_, i) => login({ username: 'burst.victim', password: `wrong-password-${i}` }, '10.60.0.1'));
    // PostgreSQL serves simultaneous requests in no fixed order, so "the right one last" is made to
    // mean last at the counter: it leaves while the admitted wrong ones are still being checked.
    const right = settledCount(wrong, wrong.length - CAPTCHA_AFTER).then(() => login({ username: 'burst.victim', password: 'right-password-1' }, '10.60.0.1'));
    const answers = await Promise.all([...wrong, right]);
    const bodies = answers.map((r) => r.json() as { code: number; message: string });
    expect(bodies.filter((b) => b.message === LOGIN_FAILED)).toHaveLength(CAPTCHA_AFTER);
    expect(bodies.filter((b) => b.message === CAPTCHA_REQUIRED)).toHaveLength(answers.length - CAPTCHA_AFTER);
    expect(bodies.at(-1)).toEqual({ code: -1, message: CAPTCHA_REQUIRED, data: { captchaRequired: true } });
    expect(await passwordChecks('burst.victim')).toBe(CAPTCHA_AFTER);
    // The refused attempts were not counted: the account stands at its real failures.
    const [counter] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'login:account:burst.victim'));
    expect(counter?.hits).toBe(CAPTCHA_AFTER);
  });

  it('past LOGIN_DELAY_AFTER gets one password check, and never leaves a shorter lock than the longest reported', async () => {
    // Ten earlier failures whose locks have run out: the next failure locks for 2^(11-5-1) = 32 s.
    const key = 'login:account:lock.victim';
    await t.db.insert(rateLimits).values({ key, hits: 10 });
    /*
     * A Retry-After is the lock's time left when the refusal was answered, on the database's clock;
     * `spent` bounds how much of the lock had passed by then, however slow this machine is.
     */
    const from = await dbSeconds();
    const burst = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => login({ username: 'lock.victim', password: `wrong-${i}`, ...(await solvedCaptcha()) }, `10.61.0.${i + 1}`)),
    );
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(burst.filter((r) => r.statusCode === 400).map((r) => r.json().message)).toEqual([LOGIN_FAILED]);
    expect(refused).toHaveLength(9);
    const longestReported = Math.max(...refused.map((r) => Number(r.headers['retry-after'])));
    expect(longestReported).toBeLessThanOrEqual(32);
    expect(longestReported).toBeGreaterThanOrEqual(Math.ceil(32 - ((await dbSeconds()) - from)));
    const [counter] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(counter?.hits).toBe(11);
    // The lock in force ends no earlier than any refusal said (Retry-After is rounded up: 1 s slack).
    const next = await login({ username: 'lock.victim', password: 'right-password-1', ...(await solvedCaptcha()) }, '10.61.1.1');
    const spent = (await dbSeconds()) - from;
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThanOrEqual(Math.ceil(longestReported - 1 - spent));
    expect(counter!.blockedUntil!.getTime()).toBeGreaterThanOrEqual((from + longestReported - 1) * 1000);
  });

  it('counts every failure on the IP counter', async () => {
    const ip = '10.62.0.1';
    const burst = await Promise.all(Array.from({ length: IP_DELAY_AFTER }, (_, i) => login({ username: `spray-${i}`, password: 'wrong' }, ip)));
    expect(burst.map((r) => r.json().message)).toEqual(Array.from({ length: IP_DELAY_AFTER }, () => LOGIN_FAILED));
    const [counter] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:ip:${ip}`));
    expect(counter?.hits).toBe(IP_DELAY_AFTER);
    const logged = await t.db
      .select()
      .from(loginLogs)
      .where(and(eq(loginLogs.ip, ip), eq(loginLogs.reason, 'bad_credentials')));
    expect(logged).toHaveLength(IP_DELAY_AFTER);
  });

  it('past LOGIN_IP_DELAY_AFTER gets one password check per lock from that IP, whatever the accounts', async () => {
    const ip = '10.63.0.1';
    // The IP's earlier failures, locks served: the next one locks it for 2^(19-12-1) = 64 s.
    await t.db.insert(rateLimits).values({ key: `login:ip:${ip}`, hits: 18 });
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => login({ username: `sprayed-${i}`, password: 'wrong' }, ip)));
    expect(burst.filter((r) => r.statusCode === 400)).toHaveLength(1);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(63);
    const [counter] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:ip:${ip}`));
    expect(counter?.hits).toBe(19);
    // The accounts the refused attempts named gave their counts back.
    const accounts = (await t.db.select().from(rateLimits)).filter((r) => r.key.startsWith('login:account:sprayed-'));
    expect(accounts.reduce((sum, r) => sum + r.hits, 0)).toBe(1);
  });
});
