import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { auth, createUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { BUSY_MESSAGE, type ServiceTimes } from './overload';

/*
 * Ordinary bursts through the real app with the overload guard as it is configured by default
 * (REQUEST_CONCURRENCY unset: 2 on PGlite, the pool size on PostgreSQL; REQUEST_LATENCY_BUDGET_MS 5 s):
 * a console and a handful of administrators never see a 503. The counts are the point, not the time
 * anything took, so the guard is given the service times instead of measuring them (on a busy machine
 * every call is slower, and the same burst may rightly pass the budget): 20 ms a call, about what a
 * write takes on PGlite on an idle 2-core machine. bench/overload.ts measures the same bursts for real.
 */

/** Every call of every route takes `ms`; the routes the guard saw, by how many of their calls ended. */
function serviceTimes(ms: number): ServiceTimes & { seen: Map<string, number> } {
  const seen = new Map<string, number>();
  return {
    seen,
    expected: () => ms,
    record: (route) => void seen.set(route, (seen.get(route) ?? 0) + 1),
  };
}

let t: TestApp;
let token: string;
const times = serviceTimes(20);
beforeAll(async () => {
  // Empty counts as unset: the defaults, not createTestApp's "no limit" for other race tests.
  t = await createTestApp({ env: { REQUEST_CONCURRENCY: '' }, overload: { serviceTimes: times } });
  token = await t.login();
});
afterAll(() => t.close());

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('ordinary bursts under the default overload guard', () => {
  it('20 simultaneous role creates with one key: one 200 and nineteen 409s, no 503', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/user/admin/role/edit', payload: { name: `Burst ${i}`, key: 'burst', dataScope: 1 }, headers: auth(token) }),
      ),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 200: 1, 409: 19 });
    // The guard knows a call by its route, not by its address (the query would make every call a stranger).
    expect(times.seen.get('POST /user/admin/role/edit')).toBe(20);
  });

  it('10 simultaneous sign-ins of ten people: all signed in, no 503', async () => {
    // Ten accounts: the sign-in throttle checks at most LOGIN_CAPTCHA_AFTER passwords of one account at once.
    const names = Array.from({ length: 10 }, (_, i) => `burst.signin${i}`);
    for (const username of names) await createUser(t.db, { username, password: 'burst-password-1', menuPaths: [] });
    const answers = await Promise.all(
      names.map((username) => t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload: { username, password: 'burst-password-1' } })),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 200: 10 });
  });

  it('100 simultaneous deductions: no 503, and the balance is what the accepted ones leave', async () => {
    const id = await createUser(t.db, { username: 'burst.balance' });
    const top = await t.app.inject({ method: 'POST', url: '/user/admin/member/addBalance', payload: { id, operateMode: 1, num: 150 }, headers: auth(token) });
    expect(top.statusCode).toBe(200);
    // 1.00, 2.00, 3.00, 1.00 ...: 200 in all, more than the 150 there is, so some are refused (409).
    const amounts = Array.from({ length: 100 }, (_, i) => (i % 3) + 1);
    const answers = await Promise.all(
      amounts.map((num) => t.app.inject({ method: 'POST', url: '/user/admin/member/addBalance', payload: { id, operateMode: 2, num }, headers: auth(token) })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const accepted = amounts.filter((_, i) => statuses[i] === 200).reduce((a, b) => a + b, 0);
    expect(accepted).toBeGreaterThan(140);
    const [row] = await t.db.select({ balance: users.balance }).from(users).where(eq(users.id, id));
    expect(Number(row!.balance)).toBe(150 - accepted);
  });

  it("99 simultaneous reads of a console's navigation bursts: no 503", async () => {
    const paths = ['/user/admin/site/remotes', '/user/admin/role/header', '/user/admin/role/antd/menu', '/user/admin/member/list?page=1&pageSize=20'];
    const tokens = await Promise.all(Array.from({ length: 3 }, () => t.login()));
    const answers = await Promise.all(
      Array.from({ length: 99 }, (_, i) => t.app.inject({ method: 'GET', url: paths[i % paths.length]!, headers: auth(tokens[i % tokens.length]!) })),
    );
    expect(tally(answers.map((r) => r.statusCode))).toEqual({ 200: 99 });
  });
});

describe('overload beyond the latency budget', () => {
  it('is still answered 503 at once, with the envelope and a Retry-After from the queue', async () => {
    // One slot and calls of 4 s: the second waits about 2 s (half the running call), the third 6 s,
    // past the default budget of 5 s, and so is every later one.
    const tight = await createTestApp({ env: { REQUEST_CONCURRENCY: '1' }, overload: { serviceTimes: serviceTimes(4000) } });
    try {
      const own = await tight.login();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => tight.app.inject({ method: 'GET', url: '/user/admin/member/list?page=1', headers: auth(own) })),
      );
      expect(tally(answers.map((r) => r.statusCode))).toEqual({ 200: 2, 503: 3 });
      for (const busy of answers.filter((r) => r.statusCode === 503)) {
        expect(busy.headers['retry-after']).toBe('6');
        expect(busy.json()).toEqual({ code: -1, message: BUSY_MESSAGE, data: null });
      }
    } finally {
      await tight.close();
    }
  });
});
