import { createHash, randomUUID } from 'node:crypto';
import { captchas } from '../../db/schema';
import { createUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeSetting } from '../site/settings.repository';

/*
 * A sign-in that needs a captcha says so in a machine-readable way (data.captchaRequired), so the
 * login form can show the image instead of parsing the English message.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_CAPTCHA_AFTER: '3', LOGIN_DELAY_AFTER: '10' } });
  await createUser(t.db, { username: 'forgetful', password: 'right-password-1' });
});
afterAll(() => t.close());

const CHALLENGE = { captchaRequired: true };
const login = (payload: object) => t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload, remoteAddress: '10.7.0.1' });

/** A captcha whose code the test knows, stored as the server stores one (hash only). */
async function captcha(code: string): Promise<string> {
  const id = randomUUID();
  const codeHash = createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
  await t.db.insert(captchas).values({ id, codeHash, expiresAt: new Date(Date.now() + 60_000) });
  return id;
}

describe('a sign-in that needs a captcha', () => {
  it('answers data.captchaRequired after too many failures, without the code and with a wrong one', async () => {
    for (let i = 0; i < 3; i++) {
      const failed = await login({ username: 'forgetful', password: 'wrong' });
      expect(failed.json().data).toBeNull();
    }
    const without = await login({ username: 'forgetful', password: 'right-password-1' });
    expect(without.statusCode).toBe(400);
    expect(without.json().data).toEqual(CHALLENGE);
    const wrong = await login({ username: 'forgetful', password: 'right-password-1', cid: await captcha('k3m9'), code: 'zzzz' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: -1, message: 'Verification Code Error.', data: CHALLENGE });
    const ok = await login({ username: 'forgetful', password: 'right-password-1', cid: await captcha('k3m9'), code: ' K3M9 ' });
    expect(ok.json().code).toBe(0);
  });

  it('answers data.captchaRequired when the site asks everyone for a captcha', async () => {
    await writeSetting(t.db, 'captchaSwitch', true);
    try {
      const without = await login({ username: 'admin', password: 'admin-password-1' });
      expect(without.statusCode).toBe(400);
      expect(without.json().data).toEqual(CHALLENGE);
    } finally {
      await writeSetting(t.db, 'captchaSwitch', false);
    }
  });

  it('is not claimed by other refusals', async () => {
    const res = await login({ username: 'admin', password: 'wrong' });
    expect(res.json()).toEqual({ code: -1, message: 'Login failed, please try again!', data: null });
  });
});
