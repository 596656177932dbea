import { eq, sql } from 'drizzle-orm';
import { captchas } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { writeSetting } from './settings.repository';
import { consumeCaptcha } from './captcha.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The code of a captcha, recovered for the test by trying the stored hash against a known code. */
async function newCaptchaWithCode(code: string): Promise<string> {
  const res = await t.app.inject({ url: '/user/admin/site/captcha' });
  const { cid, base64 } = res.json().data as { cid: string; base64: string };
  expect(base64).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(res.headers['cache-control']).toBe('no-store');
  const { createHash } = await import('node:crypto');
  await t.db.update(captchas).set({ codeHash: createHash('sha256').update(code).digest('hex') }).where(eq(captchas.id, cid));
  return cid;
}

describe('captcha', () => {
  it('stores only a hash of the code', async () => {
    const res = await t.app.inject({ url: '/user/admin/site/captcha' });
    const [row] = await t.db.select().from(captchas).where(eq(captchas.id, res.json().data.cid));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
  });

  it('is single use, case-insensitive, and spent by a wrong guess too', async () => {
    const cid = await newCaptchaWithCode('ab3d');
    expect(await consumeCaptcha(t.db, cid, 'AB3D')).toBe(true);
    expect(await consumeCaptcha(t.db, cid, 'ab3d')).toBe(false);
    const other = await newCaptchaWithCode('ab3d');
    expect(await consumeCaptcha(t.db, other, 'zzzz')).toBe(false);
    expect(await consumeCaptcha(t.db, other, 'ab3d')).toBe(false);
  });

  it('expires after 5 minutes', async () => {
    const cid = await newCaptchaWithCode('q7k2');
    await t.db.update(captchas).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(captchas.id, cid));
    expect(await consumeCaptcha(t.db, cid, 'q7k2')).toBe(false);
  });

  it('is required at sign-in when loginConfig.captchaSwitch is on', async () => {
    await writeSetting(t.db, 'captchaSwitch', true);
    try {
      const config = await t.app.inject({ url: '/user/admin/site/loginConfig' });
      expect(config.json().data).toEqual({ registerSwitch: true, captchaSwitch: true, forceInvite: false, smsLogin: true, demoMode: false });
      const without = await t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload: { username: 'admin', password: 'admin-password-1' } });
      expect(without.json()).toEqual({ code: -1, message: 'Verification Code Error.', data: { captchaRequired: true } });
      const cid = await newCaptchaWithCode('x9y8');
      const payload = { username: 'admin', password: 'admin-password-1', cid, code: 'X9Y8' };
      expect((await t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload })).json().code).toBe(0);
      // The same captcha again: spent.
      expect((await t.app.inject({ method: 'POST', url: '/user/admin/site/accountLogin', payload })).json().message).toBe('Verification Code Error.');
    } finally {
      await writeSetting(t.db, 'captchaSwitch', false);
    }
  });
});

describe('site config', () => {
  it('is public and seeded', async () => {
    const res = await t.app.inject({ url: '/admin/admin/site/config' });
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { basicCopyright: '', basicIcpCode: '', siteName: 'User Centre', offline: true } });
  });
});
