import { eq } from 'drizzle-orm';
import { loginLogs } from '../../db/schema';
import { withTenant } from '../../db/tenant-scope';
import { createTenant } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { logAttempt, type LoginAttempt, type LoginReason } from './login-log.repository';

let t: TestApp;
let tenantA: number;
let tenantB: number;
beforeAll(async () => {
  t = await createTestApp();
  tenantA = (await createTenant(t.db, { code: 'login-log-a' })).tenantId;
  tenantB = (await createTenant(t.db, { code: 'login-log-b' })).tenantId;
});
afterAll(() => t.close());

const rowsFrom = (ip: string) => t.db.select().from(loginLogs).where(eq(loginLogs.ip, ip)).orderBy(loginLogs.id);

describe('logAttempt', () => {
  it('records a successful sign-in as result 1 with every field it was given', async () => {
    await logAttempt(t.db, { method: 'account', username: 'alice', tenantId: tenantA, userId: 7, ip: '10.84.0.1', userAgent: 'Browser/1', reason: 'ok' });
    expect(await rowsFrom('10.84.0.1')).toEqual([
      {
        id: expect.any(Number),
        tenantId: tenantA,
        userId: 7,
        username: 'alice',
        method: 'account',
        result: 1,
        reason: 'ok',
        ip: '10.84.0.1',
        userAgent: 'Browser/1',
        createdAt: expect.any(Date),
      },
    ]);
  });

  it.each<LoginReason>(['bad_credentials', 'captcha', 'throttled', 'user_disabled', 'tenant_disabled', 'bad_code', 'bad_signature', 'demo_off'])(
    'records %s as a failure (result 2) keeping the reason',
    async (reason) => {
      // The address is only a key the test finds its row by.
      const ip = `failure-${reason}`;
      await logAttempt(t.db, { method: 'mobile', username: '13800000000', ip, userAgent: '', reason });
      expect((await rowsFrom(ip)).map((r) => [r.result, r.reason, r.method])).toEqual([[2, reason, 'mobile']]);
    },
  );

  it('leaves tenant and user empty (null) for a name that matched nobody', async () => {
    await logAttempt(t.db, { method: 'account', username: 'nobody', ip: '10.84.0.2', userAgent: 'x', reason: 'bad_credentials' });
    await logAttempt(t.db, { method: 'account', username: 'nobody', tenantId: null, userId: null, ip: '10.84.0.2', userAgent: 'x', reason: 'bad_credentials' });
    expect((await rowsFrom('10.84.0.2')).map((r) => [r.tenantId, r.userId])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('trims the user name and cuts what the caller sent to size: name 64, address 64, user agent 512', async () => {
    const ip = `10.84.0.3${'9'.repeat(100)}`;
    await logAttempt(t.db, { method: 'open', username: `  ${'n'.repeat(100)}  `, ip, userAgent: 'u'.repeat(1000), reason: 'bad_signature' });
    const [row] = await rowsFrom(ip.slice(0, 64));
    expect(row).toMatchObject({ username: 'n'.repeat(64), ip: ip.slice(0, 64), userAgent: 'u'.repeat(512) });
    await logAttempt(t.db, { method: 'account', username: '  padded  ', ip: '10.84.0.4', userAgent: '', reason: 'ok' });
    expect((await rowsFrom('10.84.0.4'))[0]?.username).toBe('padded');
  });

  it('stores only what a LoginAttempt names, even when handed more', async () => {
    // A caller spreading a request body must not get its password into the log.
    const body = { username: 'spread', password: 'spread-secret-1', code: '123456', token: 'tok-secret' };
    await logAttempt(t.db, { ...body, method: 'account', ip: '10.84.0.5', userAgent: '', reason: 'bad_credentials' } as LoginAttempt);
    const rows = await rowsFrom('10.84.0.5');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toMatch(/spread-secret-1|123456|tok-secret/);
  });

  it("is read back by its tenant's transactions only; a row without a tenant by none of them", async () => {
    await logAttempt(t.db, { method: 'account', username: 'of-a', tenantId: tenantA, userId: 1, ip: '10.84.0.6', userAgent: '', reason: 'ok' });
    await logAttempt(t.db, { method: 'account', username: 'of-b', tenantId: tenantB, userId: 1, ip: '10.84.0.6', userAgent: '', reason: 'ok' });
    await logAttempt(t.db, { method: 'account', username: 'of-none', ip: '10.84.0.6', userAgent: '', reason: 'bad_credentials' });
    const seenBy = (tenantId: number) =>
      withTenant(t.db, tenantId, async (tx) =>
        (await tx.select({ username: loginLogs.username }).from(loginLogs).where(eq(loginLogs.ip, '10.84.0.6'))).map((r) => r.username),
      );
    expect(await seenBy(tenantA)).toEqual(['of-a']);
    expect(await seenBy(tenantB)).toEqual(['of-b']);
  });
});
