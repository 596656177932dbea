import { eq } from 'drizzle-orm';
import { smsCodes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { SmsDriver } from './sms.driver';
import { checkSmsCode, consumeSmsCode, sendSmsCode, SMS_MAX_GUESSES, spendSmsCode } from './sms.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Sends a code and returns it, as the phone would show it. */
async function sendCode(mobile: string, event: 'login' | 'register'): Promise<string> {
  let code = '';
  const phone: SmsDriver = { name: 'log', send: async (_db, m) => void (code = m.code) };
  await sendSmsCode(t.db, phone, { mobile, event, ip: '10.70.0.1', deliver: true });
  return code;
}
const otherThan = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

describe('SMS code guesses', () => {
  it(`compare no more than ${SMS_MAX_GUESSES} of a simultaneous burst: the right code behind them is refused`, async () => {
    const mobile = '13970000001';
    const code = await sendCode(mobile, 'login');
    // More guesses than the PostgreSQL pool has connections, so the right one really comes last.
    const guesses = [...Array.from({ length: 40 }, (_, i) => otherThan(code, i)), code];
    const results = await Promise.all(guesses.map((g) => consumeSmsCode(t.db, mobile, 'login', g)));
    expect(results.filter(Boolean)).toEqual([]);
    const [row] = await t.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(row?.attempts).toBe(SMS_MAX_GUESSES);
    expect(row?.usedAt).not.toBeNull();
  });

  it('checked without spending count as guesses; a checked code is spent once, by whoever acts first', async () => {
    const mobile = '13970000002';
    const code = await sendCode(mobile, 'register');
    expect(await checkSmsCode(t.db, mobile, 'register', otherThan(code, 0))).toBe(false);
    expect(await checkSmsCode(t.db, mobile, 'register', code)).toBe(true);
    expect(await checkSmsCode(t.db, mobile, 'register', code)).toBe(true);
    expect(await checkSmsCode(t.db, mobile, 'login', code)).toBe(false);
    const spent = await Promise.all(Array.from({ length: 5 }, () => spendSmsCode(t.db, mobile, 'register', code)));
    expect(spent.filter(Boolean)).toHaveLength(1);
    expect(await checkSmsCode(t.db, mobile, 'register', code)).toBe(false);
  });

  it(`die after ${SMS_MAX_GUESSES} checks, right or wrong`, async () => {
    const mobile = '13970000003';
    const code = await sendCode(mobile, 'register');
    for (let i = 0; i < SMS_MAX_GUESSES; i++) expect(await checkSmsCode(t.db, mobile, 'register', code)).toBe(true);
    expect(await checkSmsCode(t.db, mobile, 'register', code)).toBe(false);
  });
});
