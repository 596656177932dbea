import type { DashboardMonitor } from '@uc/contracts';
import { PLATFORM_TENANT_ID } from '../../db/seed';
import { auth, tokenFor } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The monitor's slowest SQL statements are the statements this process really sent while serving,
 * measured in the database client (db/statement-timings.ts), on PGlite and on PostgreSQL alike:
 * start-up's migrations and seed are not among them.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor(t.db, PLATFORM_TENANT_ID, 1);
});
afterAll(() => t.close());

const monitor = async () => {
  const res = await t.app.inject({ url: '/admin/admin/dashboard/monitor', headers: auth(token) });
  return (res.json() as { data: DashboardMonitor }).data.database.slowestStatements;
};

describe('the slowest SQL statements', () => {
  it('lists statements sent while serving calls, with their parameters as placeholders, and none of start-up', async () => {
    const before = await monitor();
    expect(before.some((s) => /create (table|index)/i.test(s.sql))).toBe(false);

    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ url: '/user/admin/member/list', query: { page: '1', pageSize: '10', username: `nobody-${i}` }, headers: auth(token) });
      expect(res.json().code).toBe(0);
    }
    const after = await monitor();
    expect(after.length).toBeGreaterThan(0);
    expect(after.length).toBeLessThanOrEqual(10);
    for (const s of after) {
      expect(s.calls).toBeGreaterThan(0);
      expect(s.p99Ms).toBeLessThanOrEqual(s.maxMs);
      // Values travel as parameters: the user name searched never appears in a statement's text.
      expect(s.sql).not.toContain('nobody-');
    }
  });

  it('ranks a slow statement first', async () => {
    await t.db.execute('select pg_sleep(0.3) as slept');
    const [first] = await monitor();
    expect(first).toMatchObject({ sql: 'select pg_sleep(0.3) as slept', calls: 1 });
    expect(first!.maxMs).toBeGreaterThanOrEqual(250);
  });
});
